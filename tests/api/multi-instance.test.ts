/**
 * Two instances on one PostgreSQL database: socket events cross instances through the
 * adapter (PostgreSQL LISTEN/NOTIFY; Redis in the last suite), presence counts every instance's
 * screens, and every job does each unit of work once however many instances run it at once.
 * Runs only when DATABASE_URL is set (`npm run test:pg`); the embedded PGlite is one process.
 * The Redis suite also needs TEST_REDIS_URL (e.g. redis://127.0.0.1:6379; .ci/run sets it).
 */
import type { ResidentAlarm } from '../../src/shared/contracts/resident.js';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import type { NotHome } from '../../src/shared/contracts/not-home.js';
import { auditLog, deskRequests, notHomeRequests, outbox, residents, staffSessions, staffUsers } from '../../src/server/db/schema.js';
import { maintenanceRepo } from '../../src/server/modules/maintenance/repo.js';
import { purgeService } from '../../src/server/modules/maintenance/purge.js';
import { notHomeService } from '../../src/server/modules/not-home/service.js';
import { calendarDay } from '../../src/shared/calendar.js';
import { DEFAULT_TIME_ZONE } from '../../src/shared/constants.js';
import { outboxRepo, type PushPayload } from '../../src/server/modules/outbox/repo.js';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { useTwoInstances, waitFor, type Instance, type TwoInstances } from '../support/two-instances.js';
import { raiseAlarm } from '../support/clients/security.js';
import { postNotHome } from '../support/clients/not-home.js';
import { watchRoundTrips } from '../support/round-trips.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const redisUrl = process.env.TEST_REDIS_URL;
const DAY_MS = 86_400_000;
/** 20 approved Green Valley residents (the seed blocks 03000000026 and 03000000046). */
const ESCALATING = [...Array.from({ length: 19 }, (_, i) => `030000000${27 + i}`), '03000000047'];

/** Collects every `event` payload a socket receives. */
function record<T>(s: Socket, event: string): T[] {
  const got: T[] = [];
  s.on(event, (x: T) => got.push(x));
  return got;
}

/** The first `event` on `s` within `ms` (a bounded wait; rejects with the event's name otherwise). */
function next<T>(s: Socket, event: string, ms = 10_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    s.once(event, (x: T) => {
      clearTimeout(timer);
      resolve(x);
    });
  });
}

async function press(t: TwoInstances, via: Instance, phone: string): Promise<ResidentAlarm> {
  return raiseAlarm(via.app, await t.residentAuth(via, phone));
}

/** An SOS through A reaches the right screens on B, and only those (used over both adapters). */
async function sosCrossesInstances(t: TwoInstances): Promise<void> {
  const guardOnB = await t.open(t.b, 'security@greenvalley.test');
  const guardOnA = await t.open(t.a, 'security@greenvalley.test');
  const lakeCityOnB = await t.open(t.b, 'security@lakecity.test');
  const lakeCityHeard = record<SecurityAlert>(lakeCityOnB, 'receive-security');

  const onB = next<SecurityAlert>(guardOnB, 'receive-security');
  const onA = next<SecurityAlert>(guardOnA, 'receive-security');
  const raised = await press(t, t.a, '03000000012');
  expect(await onB).toMatchObject({ _id: raised._id, resident: { phoneNo: '03000000012' } });
  expect((await onA)._id).toBe(raised._id);

  // A's events reach B in the order A sent them: once Lake City's own alarm (raised after) is
  // there, Green Valley's would have been too, had it been sent to Lake City.
  const lcOwn = next<SecurityAlert>(lakeCityOnB, 'receive-security');
  const lcAlarm = await press(t, t.a, '03100000012');
  expect((await lcOwn)._id).toBe(lcAlarm._id);
  expect(lakeCityHeard.map((a) => a._id)).toEqual([lcAlarm._id]);
}

describe.skipIf(!onPostgres)('two instances on one PostgreSQL (PostgreSQL adapter)', () => {
  const t = useTwoInstances();
  afterEach(() => vi.restoreAllMocks());

  it('uses the PostgreSQL adapter on both instances', () => {
    expect(t.a.io.of('/').adapter.constructor.name).toBe('PostgresAdapter');
    expect(t.b.io.of('/').adapter.constructor.name).toBe('PostgresAdapter');
  });

  it('an SOS pressed through A rings a button-one screen connected to B, not a Lake City one', async () => {
    await sosCrossesInstances(t);
  });

  it("the adapter's publishes leave one after another without waiting for answers, and arrive in the order sent", async () => {
    const screenOnB = await t.open(t.b, 'security@greenvalley.test');
    // Presence counts no society has (real ones, from screens connecting, are left out).
    const burst = Array.from({ length: 20 }, (_, i) => 7700 + i);
    const heard = record<{ connected: number }>(screenOnB, 'security-presence');
    const burstHeard = () => heard.map((p) => p.connected).filter((n) => n >= 7700);
    const watched = await watchRoundTrips(async () => {
      for (const connected of burst) t.a.io.emit('security-presence', { connected });
      await waitFor(() => burstHeard().length === burst.length, "B's screen to hear the burst");
    });
    const notifies = watched.sent.filter((s) => /pg_notify/.test(s.text) && /"connected":77\d\d/.test(String(s.values[1])));
    expect(notifies).toHaveLength(burst.length);
    // Pipelined on one connection: at most the first starts a round trip (none if a heartbeat's
    // answer was still awaited). One NOTIFY a round trip, as before, would start 20.
    expect(notifies.filter((s) => s.startsRoundTrip).length).toBeLessThanOrEqual(1);
    expect(burstHeard()).toEqual(burst);
  });

  it('presence counts security staff connected to either instance, each person once', async () => {
    const [first] = await t.a.database.db.select().from(staffUsers).where(eq(staffUsers.email, 'security@greenvalley.test'));
    await t.a.database.db
      .insert(staffUsers)
      .values({
        societyId: first!.societyId,
        email: 'security2@greenvalley.test',
        name: 'Second Guard',
        role: first!.role,
        subRole: first!.subRole,
        passwordHash: first!.passwordHash,
      })
      .onConflictDoNothing();
    const cookieA = await t.staffCookie(t.a, 'security@greenvalley.test');
    const cookieB = await t.staffCookie(t.b, 'security@greenvalley.test');
    const presence = async (via: Instance, cookie: string) =>
      (await via.app.inject({ method: 'GET', url: '/api/security/alarms', headers: { cookie } })).json<{ connectedSecurityStaff: number }>()
        .connectedSecurityStaff;

    // The first test's guard is on A and B (one person); a second guard joins on B only.
    const second = await t.open(t.b, 'security2@greenvalley.test');
    // An instance learns of the other from its heartbeats (at most heartbeatInterval, 5 s, after start).
    await waitFor(async () => (await presence(t.a, cookieA)) === 2, 'A to count 2 guards');
    await waitFor(async () => (await presence(t.b, cookieB)) === 2, 'B to count 2 guards');

    // A screen on A hears its own arrival counted (2), then the disconnect on B (announced by B,
    // across instances) with the new count.
    const screenOnA = await t.open(t.a, 'security@greenvalley.test');
    expect((await next<{ connected: number }>(screenOnA, 'security-presence')).connected).toBe(2);
    const counts = record<{ connected: number }>(screenOnA, 'security-presence');
    second.close();
    await waitFor(() => counts.some((c) => c.connected === 1), "A's screen to hear the count fall to 1");
    expect(await presence(t.a, cookieA)).toBe(1);
  });

  it("a logout through A disconnects that session's socket on B; other sessions stay", async () => {
    const cookie = await t.staffCookie(t.a, 'complaints@greenvalley.test');
    const onB = connect(t.b.url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      onB.once('connect', resolve);
      onB.once('connect_error', reject);
    });
    const other = await t.open(t.b, 'complaints@greenvalley.test');
    const gone = new Promise<string>((resolve) => onB.once('disconnect', resolve));
    expect((await t.a.app.inject({ method: 'POST', url: '/api/society/logout', headers: { cookie } })).statusCode).toBe(204);
    // No timer of its own: the test's time limit bounds the wait for the disconnect.
    expect(await gone).toBe('io server disconnect');
    expect(other.connected).toBe(true);
    onB.close();
  });

  it('a session logged out or revoked through A is refused on B without waiting out the session cache', async () => {
    // The clock stands still: B's cached copy would be served forever unless the end reaches it.
    const statusOf = (via: Instance, cookie: string) =>
      via.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie } }).then((r) => r.statusCode);
    const cookie = await t.staffCookie(t.a, 'complaints@greenvalley.test');
    expect(await statusOf(t.b, cookie)).toBe(200);
    expect(await statusOf(t.a, cookie)).toBe(200);
    expect((await t.a.app.inject({ method: 'POST', url: '/api/society/logout', headers: { cookie } })).statusCode).toBe(204);
    expect(await statusOf(t.a, cookie)).toBe(401);
    await waitFor(async () => (await statusOf(t.b, cookie)) === 401, 'B to refuse the logged-out session');

    const revoked = await t.staffCookie(t.a, 'grocery@greenvalley.test');
    const kept = await t.staffCookie(t.a, 'complaints@greenvalley.test');
    expect(await statusOf(t.b, revoked)).toBe(200);
    expect(await statusOf(t.b, kept)).toBe(200);
    const [staff] = await t.a.database.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, 'grocery@greenvalley.test'));
    await t.a.auth.revokeAccount(staff!.id);
    expect(await statusOf(t.a, revoked)).toBe(401);
    await waitFor(async () => (await statusOf(t.b, revoked)) === 401, 'B to refuse the revoked account');
    expect(await statusOf(t.b, kept)).toBe(200);
  });

  it('a resident token signed out or blocked through A is refused on B without waiting out the session cache', async () => {
    const statusOf = (via: Instance, authorization: string) =>
      via.app.inject({ method: 'GET', url: '/api/resident/me', headers: { authorization } }).then((r) => r.statusCode);
    // Signed in through B: A's resident sign-ins are rate limited, and other tests here use them.
    const signedOut = await t.residentAuth(t.b, '03000000014');
    expect(await statusOf(t.b, signedOut)).toBe(200);
    expect((await t.a.app.inject({ method: 'POST', url: '/api/resident/logout', headers: { authorization: signedOut } })).statusCode).toBe(204);
    await waitFor(async () => (await statusOf(t.b, signedOut)) === 401, 'B to refuse the signed-out token');

    const [resident] = await t.a.database.db.select({ id: residents.id }).from(residents).where(eq(residents.phone, '03000000015'));
    const blocked = await t.residentAuth(t.b, '03000000015');
    expect(await statusOf(t.b, blocked)).toBe(200);
    const cookie = await t.staffCookie(t.a, 'status@greenvalley.test');
    const put = (status: string) => t.a.app.inject({ method: 'PUT', url: `/api/residents/${resident!.id}/status`, headers: { cookie }, payload: { status } });
    expect((await put('Block')).statusCode).toBe(200);
    await waitFor(async () => (await statusOf(t.b, blocked)) === 401, 'B to refuse the blocked resident');
    expect((await put('Approve')).statusCode).toBe(200);
  });

  it('a resident held on a temporary password on B is served there at once after changing it through A', async () => {
    const [resident] = await t.a.database.db.select({ id: residents.id }).from(residents).where(eq(residents.phone, '03000000022'));
    await t.a.database.db.update(residents).set({ mustChangePassword: true }).where(eq(residents.id, resident!.id));
    const authorization = await t.residentAuth(t.b, '03000000022');
    const bills = () => t.b.app.inject({ method: 'GET', url: '/api/resident/bills', headers: { authorization } }).then((r) => r.statusCode);
    // Read, and so cached, as held on B.
    expect(await bills()).toBe(403);
    const changed = await t.a.app.inject({
      method: 'PUT',
      url: '/api/resident/password',
      headers: { authorization },
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'my-own-password-22' },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    // The clock does not move: only the relayed change, not the cache's time, lets B serve it.
    await waitFor(async () => (await bills()) === 200, 'B to serve the resident who changed the password');
  });

  it('a resident socket on B hears its complaint moved through A; a sign-out through A ends it at once', async () => {
    const authorization = await t.residentAuth(t.b, '03000000016');
    const onB = connect(t.b.url, { transports: ['websocket'], auth: { token: authorization.replace(/^Bearer /, '') }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      onB.once('connect', resolve);
      onB.once('connect_error', reject);
    });
    const filed = await t.b.app.inject({ method: 'POST', url: '/api/complain', headers: { authorization }, payload: { complain: 'Across instances' } });
    const id = filed.json<{ _id: number }>()._id;
    const heard = next<{ _id: number; stage: string }>(onB, 'resident-complaint-updated');
    const cookie = await t.staffCookie(t.a, 'complaints@greenvalley.test');
    expect((await t.a.app.inject({ method: 'PUT', url: `/api/complain/${id}`, headers: { cookie }, payload: { action: 'proceed' } })).statusCode).toBe(200);
    expect(await heard).toMatchObject({ _id: id, stage: 'processing' });
    const gone = new Promise<string>((resolve) => onB.once('disconnect', resolve));
    expect((await t.a.app.inject({ method: 'POST', url: '/api/resident/logout', headers: { authorization } })).statusCode).toBe(204);
    expect(await gone).toBe('io server disconnect');
    onB.close();
  });

  it('an unanswered alarm escalates exactly once when both instances run the job at the same moment', async () => {
    const screens = [
      await t.open(t.a, 'security@greenvalley.test'),
      await t.open(t.b, 'security@greenvalley.test'),
      await t.open(t.b, 'super-admin@greenvalley.test'),
    ];
    const heard = screens.map((s) => record<SecurityAlert>(s, 'security-escalated'));
    const mine: number[] = [];
    let escalatedByRuns = 0;
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 4; i++) mine.push((await press(t, i % 2 ? t.b : t.a, ESCALATING[round * 4 + i]!))._id);
      t.clock.advance(t.config.ESCALATE_AFTER_S * 1000 + 1);
      // Several concurrent runs per instance, batches of one alarm, so they contend row by row.
      const runs = await Promise.all([t.a, t.b, t.a, t.b].map((i) => i.security.escalateDue(t.config.ESCALATE_AFTER_S, 1)));
      escalatedByRuns += runs.reduce((x, y) => x + y, 0);
      await Promise.all([t.a.jobs.escalation.runOnce(), t.b.jobs.escalation.runOnce()]);
    }
    const audits = await t.a.database.db
      .select({ id: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'security'), eq(auditLog.action, 'escalate')));
    const auditIds = audits.map((r) => r.id);
    for (const id of mine)
      expect(
        auditIds.filter((x) => x === id),
        `audit rows of alarm ${id}`,
      ).toHaveLength(1);
    expect(new Set(auditIds).size).toBe(auditIds.length); // no alarm (seeded ones included) twice
    expect(escalatedByRuns).toBeGreaterThanOrEqual(mine.length);
    expect(escalatedByRuns).toBeLessThanOrEqual(auditIds.length);

    // Markers: one more alarm escalated by A alone, then one by B alone. Each instance's events
    // keep their order, so once every screen has both markers, every escalation event either
    // instance sent before them has arrived too — a duplicate would be in `heard` by now.
    const markers: number[] = [];
    for (const [via, phone] of [
      [t.a, '03000000051'],
      [t.b, '03000000052'],
    ] as const) {
      markers.push((await press(t, via, phone))._id);
      t.clock.advance(t.config.ESCALATE_AFTER_S * 1000 + 1);
      expect(await via.security.escalateDue(t.config.ESCALATE_AFTER_S)).toBe(1);
    }
    await waitFor(() => heard.every((h) => markers.every((id) => h.some((x) => x._id === id))), 'every screen to hear both markers');

    for (const [n, h] of heard.entries()) {
      const ids = h.map((x) => x._id);
      expect(new Set(ids).size, `screen ${n}: one 'security-escalated' per alarm`).toBe(ids.length);
      for (const id of mine) expect(ids, `screen ${n} heard alarm ${id}`).toContain(id);
    }
  });

  it('a push is sent exactly once with both outbox workers draining at once', async () => {
    const tokens = Array.from({ length: 120 }, (_, i) => `multi-instance-${i}`);
    const payloads: PushPayload[] = tokens.map((to, i) => ({ to, residentId: 1, title: 'Once', body: `push ${i}` }));
    await outboxRepo(t.a.database.db).enqueuePushes(1, payloads);
    const pending = async () =>
      Number(
        (
          await t.a.database.db
            .select({ n: sql<number>`count(*)` })
            .from(outbox)
            .where(eq(outbox.status, 'pending'))
        )[0]!.n,
      );
    for (let i = 0; i < 20 && (await pending()) > 0; i++) await Promise.all([t.a.outbox.poke(), t.b.outbox.poke(), t.a.outbox.poke(), t.b.outbox.poke()]);
    expect(await pending()).toBe(0);
    const mine = t.sent.filter((s) => s.payload.to?.startsWith('multi-instance-'));
    expect(mine.map((s) => s.payload.to).sort()).toEqual([...tokens].sort());
    const rows = await t.a.database.db
      .select({ status: outbox.status, attempts: outbox.attempts })
      .from(outbox)
      .where(inArray(sql`${outbox.payload}->>'to'`, tokens));
    expect(rows).toHaveLength(tokens.length);
    for (const r of rows) expect(r).toEqual({ status: 'sent', attempts: 1 });
  });

  it('arrival closes each due request once (one audit row, one event per screen) with both instances running it', async () => {
    const screens = [await t.open(t.a, 'security@greenvalley.test'), await t.open(t.b, 'security@greenvalley.test')];
    const heard = screens.map((s) => record<NotHome>(s, 'not-at-home-updated'));
    const ids: number[] = [];
    const day = calendarDay(t.clock.now(), DEFAULT_TIME_ZONE);
    for (let i = 0; i < 10; i++) {
      const via = i % 2 ? t.b : t.a;
      const authorization = await t.residentAuth(via, `030000000${10 + i}`);
      const res = await postNotHome(via.app, authorization, { from: day, to: day });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<NotHome>()._id);
    }
    t.clock.advance(2 * DAY_MS);
    const job = (i: Instance) => notHomeService({ db: i.database.db, bus: i.bus, outbox: i.outbox, clock: t.clock, arrivalBatch: 1 });
    const closed = await Promise.all([job(t.a).arriveDue(), job(t.b).arriveDue(), job(t.a).arriveDue(), job(t.b).arriveDue()]);
    const audits = await t.a.database.db
      .select({ id: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'nothome'), eq(auditLog.action, 'arrive')));
    const auditIds = audits.map((r) => r.id);
    for (const id of ids)
      expect(
        auditIds.filter((x) => x === id),
        `arrival audit rows of ${id}`,
      ).toHaveLength(1);
    expect(new Set(auditIds).size).toBe(auditIds.length);
    expect(closed.reduce((x, y) => x + y, 0)).toBe(auditIds.length);
    const states = await t.a.database.db.select({ state: notHomeRequests.state }).from(notHomeRequests).where(inArray(notHomeRequests.id, ids));
    expect(states.every((s) => s.state === 'arrived')).toBe(true);
    await waitFor(() => heard.every((h) => ids.every((id) => h.some((x) => x._id === id && x.state === 'arrived'))), 'every screen to hear every arrival');
    // Each instance's events keep their order; a later event through each marks the end.
    for (const via of [t.a, t.b]) {
      const marks = screens.map((s) => next<NotHome>(s, 'receive-not-at-home'));
      const authorization = await t.residentAuth(via, via === t.a ? '03000000040' : '03000000041');
      const d = calendarDay(t.clock.now(), DEFAULT_TIME_ZONE);
      expect((await postNotHome(via.app, authorization, { from: d, to: d })).statusCode).toBe(201);
      await Promise.all(marks);
    }
    for (const h of heard) for (const id of ids) expect(h.filter((x) => x._id === id && x.state === 'arrived')).toHaveLength(1);
  });

  it('purge deletes each old row once with both instances purging at once', async () => {
    const db = t.a.database.db;
    const now = t.clock.now();
    const [staff] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, 'billing@greenvalley.test'));
    const old = new Date(now.getTime() - DAY_MS);
    await db.insert(staffSessions).values(Array.from({ length: 900 }, (_, i) => ({ tokenHash: `purge-once-${i}`, staffId: staff!.id, expiresAt: old })));
    const sentBefore = new Date(now.getTime() - (t.config.OUTBOX_RETENTION_DAYS + 1) * DAY_MS);
    await db
      .insert(outbox)
      .values(Array.from({ length: 700 }, (_, i) => ({ societyId: 1, kind: 'push', payload: { n: i }, status: 'sent' as const, sentAt: sentBefore })));
    const count = async () => ({
      sessions: Number(
        (
          await db
            .select({ n: sql<number>`count(*)` })
            .from(staffSessions)
            .where(lt(staffSessions.expiresAt, now))
        )[0]!.n,
      ),
      outbox: Number(
        (
          await db
            .select({ n: sql<number>`count(*)` })
            .from(outbox)
            .where(and(eq(outbox.status, 'sent'), lt(outbox.sentAt, new Date(now.getTime() - t.config.OUTBOX_RETENTION_DAYS * DAY_MS))))
        )[0]!.n,
      ),
    });
    const before = await count();
    const purge = (i: Instance) =>
      purgeService({ repo: maintenanceRepo(i.database.db), clock: t.clock, retentionDays: t.config.OUTBOX_RETENTION_DAYS, log: i.app.log, batchSize: 50 });
    const runs = await Promise.all([purge(t.a).purgeOnce(), purge(t.b).purgeOnce(), purge(t.a).purgeOnce(), purge(t.b).purgeOnce()]);
    expect(await count()).toEqual({ sessions: 0, outbox: 0 });
    expect(runs.reduce((n, r) => n + r.staffSessions, 0)).toBe(before.sessions);
    expect(runs.reduce((n, r) => n + r.outbox, 0)).toBe(before.outbox);
    // The jobs themselves (as the timers run them) on both instances at once: nothing left, no error.
    await Promise.all([t.a.jobs.purge.runOnce(), t.b.jobs.purge.runOnce()]);
  });

  it('alarms created through both instances are all in the catch-up list a reconnecting screen loads', async () => {
    const cookie = await t.staffCookie(t.b, 'security@greenvalley.test');
    const res = await t.b.app.inject({ method: 'GET', url: '/api/security/alarms', headers: { cookie } });
    const pendingIds = res.json<{ items: SecurityAlert[] }>().items.map((a) => a._id);
    const open = await t.b.database.db
      .select({ id: deskRequests.id })
      .from(deskRequests)
      .where(and(eq(deskRequests.desk, 'security'), eq(deskRequests.societyId, 1), sql`${deskRequests.acknowledgedAt} is null`))
      .orderBy(sql`${deskRequests.id} desc`)
      .limit(pendingIds.length);
    expect(pendingIds).toEqual(open.map((r) => r.id));
  });
});

describe.skipIf(!onPostgres || !redisUrl)('two instances on one PostgreSQL (Redis adapter, TEST_REDIS_URL)', () => {
  const t = useTwoInstances({ REDIS_URL: redisUrl ?? '' });

  it('uses the Redis adapter on both instances', () => {
    expect(t.a.io.of('/').adapter.constructor.name).toBe('RedisAdapter');
    expect(t.b.io.of('/').adapter.constructor.name).toBe('RedisAdapter');
  });

  it('an SOS pressed through A rings a button-one screen connected to B, not a Lake City one', async () => {
    await sosCrossesInstances(t);
  });
});
