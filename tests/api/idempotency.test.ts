import { and, count, desc, eq, like } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Complaint } from '../../src/shared/contracts/complaints.js';
import { MSG } from '../../src/shared/messages.js';
import { auditLog, deskRequests, idempotencyKeys, media, outbox, residents } from '../../src/server/db/schema.js';
import { SECRET_ANSWERS } from '../../src/server/plugins/idempotency.js';
import { useHarness } from './harness.js';
import { breakScopesAfterAudit } from '../support/scope-faults.js';
import { mediaForm, png } from './media-fixtures.js';

const HOUR = 3_600_000;

/**
 * Idempotency-Key on the writes (plugins/idempotency.ts): a retry with the key gets the first
 * answer and does nothing again; another body is 422, a retry while the first runs 409; keys are
 * per caller, kept 24 h. And a committed complaint is answered 201 even when a read after its
 * commit would have failed (desk/service.ts).
 */
describe('Idempotency-Key', () => {
  const h = useHarness();
  afterEach(() => vi.restoreAllMocks());
  /** Approved Green Valley residents, one per test (from the end of the seed's range: other files start at its head). */
  let approved: string[] = [];
  beforeAll(async () => {
    const rows = await h.database.db
      .select({ phone: residents.phone })
      .from(residents)
      .where(and(eq(residents.status, 'Approve'), like(residents.phone, '0300%')))
      .orderBy(desc(residents.phone))
      .limit(16);
    approved = rows.map((r) => r.phone);
  });
  const resident = (i: number) => approved[i]!;

  const key = () => `k-${crypto.randomUUID()}`;
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]!.n);
  const rowId = async (phone: string) => (await h.database.db.select({ id: residents.id }).from(residents).where(eq(residents.phone, phone)))[0]!.id;
  /** The resident's desk requests, audit rows by residents, and outbox rows: what a write leaves. */
  const residentWrites = async (phone: string) => {
    const id = await rowId(phone);
    const { db } = h.database;
    return {
      requests: await n(db.select({ n: count() }).from(deskRequests).where(eq(deskRequests.residentId, id))),
      audit: await n(
        db
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.actorKind, 'resident'), eq(auditLog.actorId, id))),
      ),
      outbox: await n(db.select({ n: count() }).from(outbox)),
    };
  };
  const complain = (authorization: string, k: string | undefined, complain: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/complain',
      headers: { authorization, ...(k === undefined ? {} : { 'idempotency-key': k }) },
      payload: { complain },
    });
  /** 'desk.changed' events emitted from now on (what the socket listeners turn into client events), until the test ends. */
  const deskEvents = () => {
    const seen: unknown[] = [];
    const listener = (e: unknown) => void seen.push(e);
    h.bus.on('desk.changed', listener);
    onTestFinished(() => void h.bus.off('desk.changed', listener));
    return seen;
  };

  it("a resident's complaint sent again with its key is answered as the first time and filed once", async () => {
    const phone = resident(1);
    const authorization = await h.residentAuth(phone);
    const k = key();
    const events = deskEvents();
    const before = await residentWrites(phone);
    const first = await complain(authorization, k, 'Water leak in the kitchen');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const after = await residentWrites(phone);
    expect(after.requests).toBe(before.requests + 1);
    expect(events).toHaveLength(1);

    const again = await complain(authorization, k, 'Water leak in the kitchen');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await residentWrites(phone)).toEqual(after);
    expect(events, 'no second socket event').toHaveLength(1);

    // Without a key every request is a new one, as before.
    expect((await complain(authorization, undefined, 'Water leak in the kitchen')).statusCode).toBe(201);
    expect((await complain(authorization, undefined, 'Water leak in the kitchen')).statusCode).toBe(201);
    expect((await residentWrites(phone)).requests).toBe(after.requests + 2);
  });

  it('a staff write sent again with its key moves the complaint, pushes and audits once', async () => {
    const authorization = await h.residentAuth(resident(2));
    const filed = (await complain(authorization, undefined, 'Street light out')).json<Complaint>();
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    const k = key();
    const proceed = () =>
      h.app.inject({ method: 'PUT', url: `/api/complain/${filed._id}`, headers: { cookie, 'idempotency-key': k }, payload: { action: 'proceed' } });
    const { db } = h.database;
    const audits = () =>
      n(
        db
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'complaint'), eq(auditLog.entityId, filed._id))),
      );
    const pushes = () => n(db.select({ n: count() }).from(outbox));
    const first = await proceed();
    expect(first.statusCode).toBe(200);
    const [a, p] = [await audits(), await pushes()];
    const again = await proceed();
    // Without the key the second proceed would be 409 (the stage moved on): the replay is the 200.
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect([await audits(), await pushes()]).toEqual([a, p]);
  });

  it('an empty answer (204) is replayed as one', async () => {
    const authorization = await h.residentAuth(resident(14));
    const k = key();
    const token = `device-${k}`;
    const store = () => h.app.inject({ method: 'PUT', url: '/api/resident/push-token', headers: { authorization, 'idempotency-key': k }, payload: { token } });
    const first = await store();
    expect(first.statusCode, first.body).toBe(204);
    const again = await store();
    expect(again.statusCode).toBe(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe('');
  });

  it('a multipart upload sent again with its key stores one file', async () => {
    const cookie = await h.staffCookie('logo@greenvalley.test');
    const image = await png(40, 30);
    const k = key();
    const upload = () => {
      const { payload, headers } = mediaForm(image);
      return h.app.inject({ method: 'POST', url: '/api/media', headers: { ...headers, cookie, 'idempotency-key': k }, payload });
    };
    const stored = () => n(h.database.db.select({ n: count() }).from(media));
    const before = await stored();
    const first = await upload();
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await stored()).toBe(before + 1);
    // Another file (another length) under the same key is another request.
    const { payload, headers } = mediaForm(await png(80, 60));
    const other = await h.app.inject({ method: 'POST', url: '/api/media', headers: { ...headers, cookie, 'idempotency-key': k }, payload });
    expect(other.statusCode).toBe(422);
    expect(await stored()).toBe(before + 1);
  });

  it('the same key with another body is 422 naming the field, and nothing is filed', async () => {
    const phone = resident(3);
    const authorization = await h.residentAuth(phone);
    const k = key();
    expect((await complain(authorization, k, 'Gate is broken')).statusCode).toBe(201);
    const before = await residentWrites(phone);
    const other = await complain(authorization, k, 'Gate is broken again');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ field: 'Idempotency-Key', message: MSG.idempotencyKeyReused });
    // Another route under the same key is another request too.
    const elsewhere = await h.app.inject({
      method: 'POST',
      url: '/api/grocery',
      headers: { authorization, 'idempotency-key': k },
      payload: { groceryList: 'Milk' },
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(await residentWrites(phone)).toEqual(before);
  });

  it('two requests with one key at once: one is filed, the other is 409 or its replay', async () => {
    const phone = resident(4);
    const authorization = await h.residentAuth(phone);
    const k = key();
    const before = await residentWrites(phone);
    const answers = await Promise.all([complain(authorization, k, 'Noise at night'), complain(authorization, k, 'Noise at night')]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const busy = answers.find((r) => r.statusCode === 409);
    if (busy) {
      expect(busy.json()).toMatchObject({ field: 'Idempotency-Key', message: MSG.idempotencyKeyInProgress });
      expect(busy.headers['retry-after']).toBe('1');
    }
    expect((await residentWrites(phone)).requests).toBe(before.requests + 1);
  });

  it("a key is the caller's own: two residents with one key each file their own complaint", async () => {
    const [a, b] = [resident(5), resident(6)];
    const k = key();
    const ra = await complain(await h.residentAuth(a), k, 'Complaint of A');
    const rb = await complain(await h.residentAuth(b), k, 'Complaint of B');
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
    expect(ra.json<Complaint>().complain).toBe('Complaint of A');
    expect(rb.json<Complaint>().complain).toBe('Complaint of B');
  });

  it('a malformed key is 400 naming the header, and nothing is written', async () => {
    const phone = resident(7);
    const authorization = await h.residentAuth(phone);
    const before = await residentWrites(phone);
    for (const bad of ['', 'x'.repeat(256), 'has space', 'ключ', 'tab\there', '"unterminated', '"a"b"']) {
      const res = await complain(authorization, bad, 'Bad key');
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'Idempotency-Key', message: MSG.idempotencyKeyInvalid });
    }
    expect(await residentWrites(phone)).toEqual(before);
    // The longest key, and the draft's quoted form, are taken.
    expect((await complain(authorization, 'x'.repeat(255), 'Longest key')).statusCode).toBe(201);
    const quoted = `"${key()}"`;
    expect((await complain(authorization, quoted, 'Quoted key')).statusCode).toBe(201);
    expect((await complain(authorization, quoted, 'Quoted key')).headers['idempotent-replayed']).toBe('true');
  });

  it('a key is kept 24 hours: then the purge job deletes it and the same key is a new request', async () => {
    const phone = resident(8);
    const authorization = await h.residentAuth(phone);
    const k = key();
    const stored = () => n(h.database.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, k)));
    expect((await complain(authorization, k, 'Lift is stuck')).statusCode).toBe(201);
    h.clock.advance(23 * HOUR);
    await h.jobs.purge.runOnce();
    expect(await stored()).toBe(1);
    expect((await complain(authorization, k, 'Lift is stuck')).headers['idempotent-replayed']).toBe('true');
    h.clock.advance(HOUR);
    await h.jobs.purge.runOnce();
    expect(await stored()).toBe(0);
    const before = await residentWrites(phone);
    const fresh = await complain(await h.residentAuth(phone), k, 'Lift is stuck');
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect((await residentWrites(phone)).requests).toBe(before.requests + 1);
  });

  it('a request that failed (5xx) frees its key: the retry runs', async () => {
    const phone = resident(13);
    const authorization = await h.residentAuth(phone);
    const build = PgDialect.prototype.sqlToQuery;
    vi.spyOn(PgDialect.prototype, 'sqlToQuery').mockImplementation(function (this: PgDialect, ...args) {
      const query = build.apply(this, args);
      if (query.sql.startsWith('insert into "desk_requests"')) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
      return query;
    });
    const k = key();
    const before = await residentWrites(phone);
    expect((await complain(authorization, k, 'Failed once')).statusCode).toBe(503);
    vi.restoreAllMocks();
    expect(await residentWrites(phone)).toEqual(before);
    const retry = await complain(authorization, k, 'Failed once');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((await residentWrites(phone)).requests).toBe(before.requests + 1);
  });

  it('the key store failing is 503 before any work, and the key is not recorded', async () => {
    const phone = resident(9);
    const authorization = await h.residentAuth(phone);
    const before = await residentWrites(phone);
    const build = PgDialect.prototype.sqlToQuery;
    vi.spyOn(PgDialect.prototype, 'sqlToQuery').mockImplementation(function (this: PgDialect, ...args) {
      const query = build.apply(this, args);
      if (query.sql.includes('"idempotency_keys"')) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
      return query;
    });
    const k = key();
    const refused = await complain(authorization, k, 'Store is away');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await residentWrites(phone)).toEqual(before);
    vi.restoreAllMocks();
    // The key was never recorded: the retry runs.
    expect((await complain(authorization, k, 'Store is away')).statusCode).toBe(201);
  });

  it('a complaint whose transaction committed is answered 201 even if a read after the commit would fail', async () => {
    const phone = resident(10);
    const authorization = await h.residentAuth(phone);
    const before = await residentWrites(phone);
    // From the complaint's audit row on, the next transaction to start meets a terminated connection.
    const audited = breakScopesAfterAudit();
    const res = await complain(authorization, key(), 'Committed once');
    expect(audited()).toBe(true);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Complaint>().complain).toBe('Committed once');
    vi.restoreAllMocks();
    expect((await residentWrites(phone)).requests).toBe(before.requests + 1);
  });

  it('the SOS press takes a key without storing it (the alarm path makes no round trip for it)', async () => {
    const authorization = await h.residentAuth(resident(11));
    const k = key();
    const press = await h.app.inject({ method: 'POST', url: '/api/security', headers: { authorization, 'idempotency-key': k }, payload: {} });
    expect(press.statusCode).toBe(201);
    expect(await n(h.database.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, k)))).toBe(0);
    const bad = await h.app.inject({ method: 'POST', url: '/api/security', headers: { authorization, 'idempotency-key': '' }, payload: {} });
    expect(bad.statusCode).toBe(400);
  });

  it('every write whose body or answer holds a credential is listed as never stored, and the list names real routes', () => {
    type Op = { requestBody?: unknown; responses?: Record<string, unknown> };
    const doc = h.app.swagger() as { paths: Record<string, Record<string, Op>> };
    const answerSecret = /"(token|temporaryPassword|recoveryCodes|otpauthUrl|secret)"/;
    const bodySecret = /"(password|currentPassword|newPassword|code)"/;
    const holding: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (method === 'get' || method === 'head') continue;
        const ok = Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith('2'));
        if (ok.some(([, r]) => answerSecret.test(JSON.stringify(r))) || bodySecret.test(JSON.stringify(op.requestBody ?? {})))
          holding.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      }
    }
    expect(holding.length).toBeGreaterThan(5);
    expect(holding.filter((r) => !SECRET_ANSWERS.has(r))).toEqual([]);
    const routes = new Set(h.routes.map((r) => `${r.method} ${r.url}`));
    expect([...SECRET_ANSWERS].filter((r) => !routes.has(r))).toEqual([]);
  });

  it('stores nothing for a write sent without a key', async () => {
    const before = await n(h.database.db.select({ n: count() }).from(idempotencyKeys));
    expect((await complain(await h.residentAuth(resident(12)), undefined, 'No key')).statusCode).toBe(201);
    expect(await n(h.database.db.select({ n: count() }).from(idempotencyKeys))).toBe(before);
  });
});
