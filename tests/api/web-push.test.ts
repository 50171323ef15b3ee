import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { outbox, residents, societies, vapidKeys, webPushSubscriptions } from '../../src/server/db/schema.js';
import { backoffMs, type OutboxRow, type PushPayload } from '../../src/server/modules/outbox/repo.js';
import { queuePush } from '../../src/server/modules/outbox/service.js';
import { webPushTransport } from '../../src/server/modules/outbox/web-push-transport.js';
import { webPushDelivery } from '../../src/server/modules/web-push/service.js';
import { pushData } from '../../src/shared/contracts/push.js';
import { MAX_WEB_PUSH_SUBSCRIPTIONS, WEB_PUSH_MSG, type WebPushKey } from '../../src/shared/contracts/web-push.js';
import { startPushService, type LocalPushService, type TestSubscription } from '../support/push-service.js';
import { useHarness } from './harness.js';

const DAY_MS = 86_400_000;

/**
 * Web Push beside FCM: the resident routes, the VAPID key shared by instances, and the
 * outbox delivering to a local push service that checks the VAPID token and decrypts each push.
 * The harness's FCM transport records what it gets (`h.pushes`); Web Push rows go to the real
 * transport, allowed to reach 127.0.0.1 by WEB_PUSH_TEST_HOSTS.
 */
describe('web push', () => {
  const h = useHarness({ WEB_PUSH_TEST_HOSTS: '127.0.0.1' });
  const db = () => h.database.db;
  let service: LocalPushService;
  let serverKey: string | undefined;

  beforeAll(async () => {
    service = await startPushService({ expectKey: () => serverKey });
  });
  afterAll(async () => {
    await service?.close();
  });

  const auths = new Map<string, string>();
  const residentAuth = async (phone: string) => {
    if (!auths.has(phone)) auths.set(phone, await h.residentAuth(phone));
    return auths.get(phone)!;
  };
  const residentId = async (phone: string) => (await db().select({ id: residents.id }).from(residents).where(eq(residents.phone, phone)))[0]!.id;
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, phone: string, payload?: unknown) =>
    h.app.inject({ method, url, headers: { authorization: await residentAuth(phone) }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const subscribe = (phone: string, s: TestSubscription) => call('POST', '/api/resident/web-push', phone, s);
  const rowsOf = async (rid: number) => db().select().from(webPushSubscriptions).where(eq(webPushSubscriptions.residentId, rid));
  const subscriptionCount = async () => Number((await db().select({ n: count() }).from(webPushSubscriptions))[0]!.n);
  const pushRows = async (title: string): Promise<OutboxRow[]> =>
    db()
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'title' = ${title}`)
      .orderBy(outbox.id);

  it('two instances starting at once on one database publish the same generated key, stored once', async () => {
    expect(await db().select().from(vapidKeys)).toEqual([]);
    // A second app on the same database (on PostgreSQL through its own connections).
    const second: Database = h.database.kind === 'postgres' ? await openDatabase({ databaseUrl: h.config.DATABASE_URL }) : h.database;
    const other = await buildApp({ config: h.config, database: second, clock: h.clock, serveWeb: false, pushTransport: { send: async () => undefined } });
    try {
      const authorization = await residentAuth('03000000001');
      const [a, b, c] = await Promise.all([
        h.app.inject({ method: 'GET', url: '/api/resident/web-push/key', headers: { authorization } }),
        other.app.inject({ method: 'GET', url: '/api/resident/web-push/key', headers: { authorization } }),
        other.app.inject({ method: 'GET', url: '/api/resident/web-push/key', headers: { authorization } }),
      ]);
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
      const key = a.json<WebPushKey>().publicKey;
      expect(b.json<WebPushKey>().publicKey).toBe(key);
      expect(c.json<WebPushKey>().publicKey).toBe(key);
      const point = Buffer.from(key, 'base64url');
      expect(point).toHaveLength(65);
      expect(point[0]).toBe(4);
      expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
      const stored = await db().select().from(vapidKeys);
      expect(stored).toHaveLength(1);
      expect(stored[0]!.publicKey).toBe(key);
      serverKey = key;
    } finally {
      await other.app.close();
      if (second !== h.database) await second.close();
    }
  });

  it('stores a subscription per device; the same endpoint again updates its keys', async () => {
    const rid = await residentId('03000000001');
    const s = service.subscribe();
    const res = await subscribe('03000000001', { ...s, expirationTime: null } as TestSubscription);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ endpoint: s.endpoint, createdAt: h.clock.now().toISOString() });
    const again = service.subscribe();
    const moved = { endpoint: s.endpoint, keys: again.keys };
    expect((await subscribe('03000000001', moved)).statusCode).toBe(201);
    const rows = (await rowsOf(rid)).filter((r) => r.endpoint === s.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ p256dh: again.keys.p256dh, auth: again.keys.auth, lastSuccessAt: null });
    // Padded base64url is accepted and stored unpadded.
    const padded = service.subscribe();
    const res2 = await subscribe('03000000001', { endpoint: padded.endpoint, keys: { p256dh: `${padded.keys.p256dh}=`, auth: `${padded.keys.auth}==` } });
    expect(res2.statusCode).toBe(201);
    expect((await rowsOf(rid)).find((r) => r.endpoint === padded.endpoint)).toMatchObject({ p256dh: padded.keys.p256dh, auth: padded.keys.auth });
    for (const e of [s.endpoint, padded.endpoint])
      expect((await call('DELETE', '/api/resident/web-push', '03000000001', { endpoint: e })).statusCode).toBe(204);
    expect(await rowsOf(rid)).toEqual([]);
  });

  it('refuses bad subscriptions with a 400 naming the field, and writes nothing', async () => {
    const good = service.subscribe();
    const cases: [unknown, string, string?][] = [
      [{ ...good, endpoint: 'http://push.example.com/abc' }, 'endpoint', WEB_PUSH_MSG.endpoint],
      [{ ...good, endpoint: 'https://10.0.0.8/abc' }, 'endpoint', WEB_PUSH_MSG.endpoint],
      [{ ...good, endpoint: 'https://[::1]/abc' }, 'endpoint', WEB_PUSH_MSG.endpoint],
      [{ ...good, endpoint: 'https://localhost/abc' }, 'endpoint', WEB_PUSH_MSG.endpoint],
      [{ ...good, endpoint: 'https://metadata.google.internal/abc' }, 'endpoint', WEB_PUSH_MSG.endpoint],
      [{ ...good, endpoint: 'https://push.example.com:8443/abc' }, 'endpoint', WEB_PUSH_MSG.endpoint],
      [{ ...good, endpoint: 'https://user:pw@push.example.com/abc' }, 'endpoint', WEB_PUSH_MSG.endpoint],
      [{ ...good, endpoint: 'file:///etc/passwd' }, 'endpoint', WEB_PUSH_MSG.endpoint],
      [{ ...good, endpoint: `https://push.example.com/${'a'.repeat(2100)}` }, 'endpoint'],
      [{ ...good, endpoint: 7 }, 'endpoint'],
      [{ endpoint: good.endpoint }, 'keys'],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } }, 'keys.p256dh', WEB_PUSH_MSG.p256dh],
      // 65 bytes starting 0x04 but not a point on P-256.
      [{ ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } }, 'keys.p256dh', WEB_PUSH_MSG.p256dh],
      [{ ...good, keys: { ...good.keys, auth: 'AAAA' } }, 'keys.auth', WEB_PUSH_MSG.auth],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } }, 'keys.auth', WEB_PUSH_MSG.auth],
    ];
    const before = await subscriptionCount();
    for (const [body, field, message] of cases) {
      const res = await subscribe('03000000001', body as TestSubscription);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json(), JSON.stringify(body).slice(0, 120)).toMatchObject({ field, ...(message ? { message } : {}) });
    }
    expect(await subscriptionCount()).toBe(before);
    const noToken = await h.app.inject({ method: 'POST', url: '/api/resident/web-push', payload: good });
    expect(noToken.statusCode).toBe(401);
  });

  it(`a resident may register at most ${MAX_WEB_PUSH_SUBSCRIPTIONS}; the 11th is a 409 naming the limit, nothing written`, async () => {
    const phone = '03000000002';
    const rid = await residentId(phone);
    const subs = Array.from({ length: MAX_WEB_PUSH_SUBSCRIPTIONS }, () => service.subscribe());
    // Signed in first: simultaneous sign-ins of one phone count as attempts in flight (the throttle).
    await residentAuth(phone);
    // Registered at once: the per-resident lock counts them one after another.
    const answers = await Promise.all(subs.map((s) => subscribe(phone, s)));
    expect(answers.map((a) => a.statusCode)).toEqual(subs.map(() => 201));
    const eleventh = await subscribe(phone, service.subscribe());
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json<{ message: string }>().message).toBe(WEB_PUSH_MSG.tooMany);
    expect(eleventh.json<{ message: string }>().message).toContain('at most 10');
    expect(await rowsOf(rid)).toHaveLength(MAX_WEB_PUSH_SUBSCRIPTIONS);
    // At the limit, an endpoint already registered may still be registered again (its keys renewed).
    expect((await subscribe(phone, subs[0]!)).statusCode).toBe(201);
    // Eleven at once from zero: exactly ten stored.
    for (const s of subs) await call('DELETE', '/api/resident/web-push', phone, { endpoint: s.endpoint });
    const burst = await Promise.all(Array.from({ length: MAX_WEB_PUSH_SUBSCRIPTIONS + 1 }, () => subscribe(phone, service.subscribe())));
    expect(burst.filter((a) => a.statusCode === 201)).toHaveLength(MAX_WEB_PUSH_SUBSCRIPTIONS);
    expect(burst.filter((a) => a.statusCode === 409)).toHaveLength(1);
    expect(await rowsOf(rid)).toHaveLength(MAX_WEB_PUSH_SUBSCRIPTIONS);
    await db().delete(webPushSubscriptions).where(eq(webPushSubscriptions.residentId, rid));
  });

  it("another resident cannot delete a resident's subscription; registering its endpoint moves it to them (another society too)", async () => {
    const [a, b, lc] = [await residentId('03000000001'), await residentId('03000000004'), await residentId('03100000001')];
    const s = service.subscribe();
    expect((await subscribe('03000000001', s)).statusCode).toBe(201);
    // Another resident's DELETE answers as for an unknown endpoint and changes nothing.
    expect((await call('DELETE', '/api/resident/web-push', '03000000004', { endpoint: s.endpoint })).statusCode).toBe(204);
    expect((await call('DELETE', '/api/resident/web-push', '03100000001', { endpoint: s.endpoint })).statusCode).toBe(204);
    expect(await rowsOf(a)).toHaveLength(1);
    const original = (await rowsOf(a))[0]!;

    // The same browser signed in as B (same society): the endpoint is B's now, as a new row.
    expect((await subscribe('03000000004', s)).statusCode).toBe(201);
    expect(await rowsOf(a)).toEqual([]);
    const bRow = (await rowsOf(b))[0]!;
    expect(bRow.id).not.toBe(original.id);
    // Then as a Lake City resident: taken over across societies, in Lake City.
    expect((await subscribe('03100000001', s)).statusCode).toBe(201);
    expect(await rowsOf(b)).toEqual([]);
    const lcRows = await rowsOf(lc);
    expect(lcRows).toHaveLength(1);
    const [lcSociety] = await db().select({ id: societies.id }).from(societies).where(eq(societies.name, 'Lake City'));
    expect(lcRows[0]!.societyId).toBe(lcSociety!.id);
    expect((await call('DELETE', '/api/resident/web-push', '03100000001', { endpoint: s.endpoint })).statusCode).toBe(204);
    expect(await rowsOf(lc)).toEqual([]);
  });

  it('refuses an endpoint whose host resolves to any address inside (400 naming it), and answers 503 while names cannot be resolved', async () => {
    const { keys } = service.subscribe();
    h.resolver.hosts.set('mixed.push.test', ['142.250.185.10', '10.0.0.7']);
    h.resolver.hosts.set('mapped.push.test', ['::ffff:192.168.1.1']);
    h.resolver.hosts.set('cgnat.push.test', ['100.64.0.9']);
    h.resolver.hosts.set('down.push.test', { code: 'EAI_AGAIN' });
    h.resolver.hosts.set('fine.push.test', ['142.250.185.10', '2a00:1450:4001:80b::200a']);
    const before = await subscriptionCount();
    for (const host of ['127.0.0.1.nip.io', '169.254.169.254.nip.io', 'mixed.push.test', 'mapped.push.test', 'cgnat.push.test', 'unknown.push.test']) {
      const res = await subscribe('03000000001', { endpoint: `https://${host}/send/x`, keys });
      expect(res.statusCode, host).toBe(400);
      expect(res.json(), host).toMatchObject({ field: 'endpoint', message: WEB_PUSH_MSG.endpoint });
    }
    const down = await subscribe('03000000001', { endpoint: 'https://down.push.test/send/x', keys });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBeDefined();
    expect(await subscriptionCount()).toBe(before);
    expect(h.resolver.asked).toContain('127.0.0.1.nip.io');

    const fine = await subscribe('03000000001', { endpoint: 'https://fine.push.test/send/x', keys });
    expect(fine.statusCode, fine.body).toBe(201);
    await call('DELETE', '/api/resident/web-push', '03000000001', { endpoint: 'https://fine.push.test/send/x' });
  });

  describe('delivery through the outbox', () => {
    const phone = '03000000005';
    let rid = 0;
    let gv = 0;
    const token = 'fcm-token-web-push-test';

    beforeAll(async () => {
      rid = await residentId(phone);
      gv = (await db().select({ societyId: residents.societyId }).from(residents).where(eq(residents.id, rid)))[0]!.societyId;
      await db().update(residents).set({ pushToken: token }).where(eq(residents.id, rid));
      serverKey ??= (await call('GET', '/api/resident/web-push/key', phone)).json<WebPushKey>().publicKey;
    });

    /** Queues one push to the test resident as a service would (in a transaction), then drains. */
    async function push(title: string, to: string | null = token): Promise<void> {
      await db().transaction((tx) => queuePush(tx, gv, { to, residentId: rid, title, body: `${title} body`, data: pushData('complaint', 42) }));
      await h.outbox.poke();
    }
    const fcmTitles = (title: string) => h.pushes.filter((p) => p.title === title);
    /** The test's own two subscriptions of the resident, in place of any an earlier test left. */
    async function twoSubscriptions() {
      await db().delete(webPushSubscriptions).where(eq(webPushSubscriptions.residentId, rid));
      const subs = [service.subscribe(), service.subscribe()] as const;
      for (const sub of subs) expect((await subscribe(phone, sub)).statusCode).toBe(201);
      return subs;
    }

    it('sends one push to the FCM token and one to each subscription, verified and decrypted by the push service', async () => {
      const [s1, s2] = await twoSubscriptions();
      await push('Both ways');

      expect(fcmTitles('Both ways')).toEqual([
        { to: token, residentId: rid, title: 'Both ways', body: 'Both ways body', data: { type: 'complaint', id: '42', documentId: '42' } },
      ]);
      const expected = { title: 'Both ways', body: 'Both ways body', data: { type: 'complaint', id: '42', documentId: '42' } };
      expect(service.messagesFor(s1.endpoint)).toEqual([expected]);
      expect(service.messagesFor(s2.endpoint)).toEqual([expected]);
      expect(service.refused).toEqual([]);
      const got = service.received.find((r) => r.endpoint === s1.endpoint)!;
      expect(got.vapid).toMatchObject({ aud: service.origin, key: serverKey, sub: h.config.VAPID_SUBJECT });
      expect(got.headers.ttl).toBe('86400');

      const rows = await pushRows('Both ways');
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
      expect(rows.map((r) => (r.payload as PushPayload).webPush ?? null).sort()).toEqual([...(await rowsOf(rid)).map((r) => r.id), null].sort());
      expect((await rowsOf(rid)).every((r) => r.lastSuccessAt?.getTime() === h.clock.now().getTime())).toBe(true);
    });

    it('a resident without a device token gets Web Push only; no FCM row fails for them', async () => {
      await twoSubscriptions();
      await push('Web only', null);
      const rows = await pushRows('Web only');
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.status === 'sent' && (r.payload as PushPayload).webPush !== undefined)).toBe(true);
      expect(fcmTitles('Web only')).toEqual([]);
    });

    it('FCM delivered and one subscription failing (500, then 429 with Retry-After): only that row is retried, on the injected clock', async () => {
      const [failing, fine] = (await twoSubscriptions()).map((sub) => sub.endpoint) as [string, string];
      service.answerNext(failing, { status: 500 }, { status: 429, retryAfter: '120' });
      const failingId = (await rowsOf(rid)).find((r) => r.endpoint === failing)!.id;
      const failingRow = async () => (await pushRows('Retry one')).find((r) => (r.payload as PushPayload).webPush === failingId)!;
      await push('Retry one');

      expect(fcmTitles('Retry one')).toHaveLength(1);
      expect(service.messagesFor(fine).filter((m) => (m as { title: string }).title === 'Retry one')).toHaveLength(1);
      expect(await failingRow()).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await failingRow()).lastError).toMatch(/^Web Push 500/);
      expect((await failingRow()).availableAt).toEqual(new Date(h.clock.now().getTime() + backoffMs(1)));

      // The back-off passes: only the failing row is tried again; now the service asks for 120 s.
      h.clock.advance(backoffMs(1));
      await h.outbox.poke();
      expect(await failingRow()).toMatchObject({ status: 'pending', attempts: 2 });
      expect((await failingRow()).availableAt).toEqual(new Date(h.clock.now().getTime() + 120_000));
      h.clock.advance(119_000);
      await h.outbox.poke();
      expect((await failingRow()).attempts).toBe(2);
      h.clock.advance(1_000);
      await h.outbox.poke();
      expect(await failingRow()).toMatchObject({ status: 'sent', attempts: 3 });

      const titled = (e: string) => service.messagesFor(e).filter((m) => (m as { title: string }).title === 'Retry one');
      expect(titled(failing)).toHaveLength(1);
      expect(titled(fine)).toHaveLength(1);
      expect(fcmTitles('Retry one')).toHaveLength(1);
      expect((await pushRows('Retry one')).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    });

    it('a subscription answering 410 is removed and its push not retried; later pushes skip it', async () => {
      const [gone, kept] = (await twoSubscriptions()).map((sub) => sub.endpoint) as [string, string];
      service.gone(gone);
      await push('Gone');
      expect(service.requests.filter((r) => r.endpoint === gone)).toHaveLength(1);
      expect((await rowsOf(rid)).map((r) => r.endpoint)).toEqual([kept]);
      const rows = await pushRows('Gone');
      expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'sent', 'sent']);
      expect(rows.find((r) => r.status === 'failed')!.lastError).toMatch(/^Web Push 410/);

      h.clock.advance(DAY_MS);
      await h.outbox.poke();
      await push('After gone');
      expect(service.requests.filter((r) => r.endpoint === gone)).toHaveLength(1);
      expect(await pushRows('After gone')).toHaveLength(2);
      // The resident's FCM token is untouched by a Web Push 410.
      expect((await db().select({ t: residents.pushToken }).from(residents).where(eq(residents.id, rid)))[0]!.t).toBe(token);
    });

    it('a host that resolves inside at send time is never connected to: the subscription is dropped and the push not retried', async () => {
      await db().delete(webPushSubscriptions).where(eq(webPushSubscriptions.residentId, rid));
      const endpoint = 'https://rebind.push.test/send/1';
      h.resolver.hosts.set('rebind.push.test', ['142.250.185.10']);
      expect((await subscribe(phone, { endpoint, keys: service.subscribe().keys })).statusCode).toBe(201);
      // The name now answers with a loopback address (DNS rebinding after the subscription's check).
      h.resolver.hosts.set('rebind.push.test', ['127.0.0.1']);
      const asked = h.resolver.asked.length;
      await push('Rebound', null);
      expect(h.resolver.asked.slice(asked)).toContain('rebind.push.test');
      expect(await rowsOf(rid)).toEqual([]);
      const rows = await pushRows('Rebound');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'failed' });
      expect(rows[0]!.lastError).toMatch(/non-public address 127\.0\.0\.1/);
      h.clock.advance(DAY_MS);
      await h.outbox.poke();
      expect((await pushRows('Rebound'))[0]).toMatchObject({ status: 'failed', attempts: rows[0]!.attempts });
    });

    it('a push queued for a subscription removed before sending is dropped, never sent to whoever registers the endpoint next', async () => {
      const s = service.subscribe();
      expect((await subscribe(phone, s)).statusCode).toBe(201);
      const subId = (await rowsOf(rid)).find((r) => r.endpoint === s.endpoint)!.id;
      await db().transaction((tx) => queuePush(tx, gv, { to: null, residentId: rid, title: 'Private', body: 'for 05 only' }));
      // Before the worker runs, another resident takes the endpoint over.
      expect((await subscribe('03000000006', s)).statusCode).toBe(201);
      await h.outbox.poke();
      expect(service.messagesFor(s.endpoint)).toEqual([]);
      const rows = await pushRows('Private');
      expect(rows.find((r) => (r.payload as PushPayload).webPush === subId)).toMatchObject({ status: 'failed', lastError: 'Web Push subscription removed' });
      await call('DELETE', '/api/resident/web-push', '03000000006', { endpoint: s.endpoint });
    });

    it('a society push reaches residents with only a Web Push subscription; never the drill resident', async () => {
      const other = await residentId('03000000007');
      const s = service.subscribe();
      expect((await subscribe('03000000007', s)).statusCode).toBe(201);
      // A drill resident with a subscription (it never signs in; written here to prove the rule).
      const [drill] = await db()
        .insert(residents)
        .values({ societyId: gv, residentCode: 'GV-DRILL-WP', name: 'Drill', phone: '09999999999', isDrill: true })
        .onConflictDoNothing()
        .returning({ id: residents.id });
      const drillSub = service.subscribe();
      expect(drill, 'no drill resident yet in this database').toBeDefined();
      await db()
        .insert(webPushSubscriptions)
        .values({ societyId: gv, residentId: drill!.id, endpoint: drillSub.endpoint, ...drillSub.keys, createdAt: h.clock.now() });
      const staff = await h.staffCookie('announcements@greenvalley.test');
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/announcement',
        headers: { cookie: staff },
        payload: { title: 'Lift service', description: 'Lift B on Monday.' },
      });
      expect(res.statusCode, res.body).toBe(201);
      await h.outbox.poke();
      expect(service.messagesFor(s.endpoint)).toHaveLength(1);
      expect(service.messagesFor(drillSub.endpoint)).toEqual([]);
      expect((await db().select().from(outbox)).filter((r) => (r.payload as PushPayload).residentId === drill!.id)).toEqual([]);
      await db().delete(webPushSubscriptions).where(eq(webPushSubscriptions.residentId, other));
    });
  });

  it('never connects to a non-public address, whatever the stored endpoint says', async () => {
    const rid = await residentId('03000000001');
    const [gv] = await db().select({ id: residents.societyId }).from(residents).where(eq(residents.id, rid));
    const transport = webPushTransport({ delivery: webPushDelivery(db(), { ...h.config, WEB_PUSH_TEST_HOSTS: [] }), clock: h.clock, timeoutMs: 2_000 });
    const keys = service.subscribe().keys;
    const port = new URL(service.origin).port;
    const before = service.requests.length;
    // http and an address literal are refused by their text; a name resolving inside at connect
    // time drops the subscription (unregistered), as a 410 would.
    for (const [endpoint, status] of [
      [`${service.origin}/push/x`, 'rejected'],
      [`https://localhost:${port}/push/x`, 'unregistered'],
      [`https://127.0.0.1:${port}/push/x`, 'rejected'],
    ] as const) {
      // Written directly: the route would refuse each of these.
      const [row] = await db()
        .insert(webPushSubscriptions)
        .values({ societyId: gv!.id, residentId: rid, endpoint, ...keys, createdAt: h.clock.now() })
        .returning();
      const outcome = await transport.send({ to: null, residentId: rid, title: 'x', body: 'y', webPush: row!.id });
      expect(outcome, endpoint).toMatchObject({ status });
      await db()
        .delete(webPushSubscriptions)
        .where(and(eq(webPushSubscriptions.id, row!.id)));
    }
    expect(service.requests.length).toBe(before);
  });
});
