/**
 * The limits on what one account can trigger are the same on every instance: two apps on one
 * PostgreSQL database (each with its own connections, one clock) share one count — in PostgreSQL's
 * `rate_limits`, and again in Redis (REDIS_URL). Before, the SOS press limit was kept in each
 * instance's memory, so N instances allowed N × SOS_MAX_PRESSES_PER_MINUTE presses a minute.
 * Needs DATABASE_URL (and TEST_REDIS_URL, e.g. redis://127.0.0.1:6379, for the Redis half);
 * skipped otherwise.
 */
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billSheet, multipartBody } from '../../e2e/fixtures/bill-sheets.js';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { MAIN_POOL_MAX, openDatabase, type Database } from '../../src/server/db/client.js';
import { rateLimits, residents, societies, staffUsers } from '../../src/server/db/schema.js';
import { redisKeyPrefixes } from '../../src/server/lib/redis-namespace.js';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { MSG } from '../../src/shared/messages.js';
import { waitFor } from '../support/two-instances.js';
import { useHarness, type Harness } from './harness.js';
import { holdMainLane } from '../support/main-lane.js';
import { mediaForm, mp4 } from './media-fixtures.js';
import { pressSos } from '../support/clients/security.js';

const PG = process.env.DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const MINUTE_MS = 60_000;
const SOS_MAX = 10; // SOS_MAX_PRESSES_PER_MINUTE's default

/** Instance B: a second app on its own connections to the harness's (migrated, seeded) database. */
async function openB(h: Harness): Promise<{ built: BuiltApp; database: Database }> {
  const database = await openDatabase({ databaseUrl: h.config.DATABASE_URL });
  const built = await buildApp({ config: h.config, database, clock: h.clock, serveWeb: false, pushTransport: { send: async () => undefined } });
  await built.app.ready();
  return { built, database };
}

function sharedLimitsSuite(name: string, env: Record<string, string>) {
  describe.skipIf(!PG || (env.REDIS_URL !== undefined && !REDIS))(name, () => {
    const h = useHarness({ PANEL_MAX_BROADCASTS_PER_HOUR: '2', MEDIA_MAX_BYTES_PER_DAY: '5000', BILL_MAX_IMPORTS_PER_MINUTE: '2', ...env });
    let B: { built: BuiltApp; database: Database };
    let A: BuiltApp['app'];
    const ids = { gv: 0, residents: new Map<string, number>(), staff: new Map<string, number>() };
    beforeAll(async () => {
      B = await openB(h);
      A = h.app;
      const db = h.database.db;
      ids.gv = (await db.select({ id: societies.id }).from(societies).where(eq(societies.name, 'Green Valley')))[0]!.id;
      for (const r of await db.select({ id: residents.id, phone: residents.phone }).from(residents)) ids.residents.set(r.phone, r.id);
      for (const s of await db.select({ id: staffUsers.id, email: staffUsers.email }).from(staffUsers)) ids.staff.set(s.email, s.id);
      // Redis outlives the database: clear the keys this file counts under (ids repeat when a
      // database name does, as when DATABASE_URL's own database is used).
      if (env.REDIS_URL) {
        const redis = new Redis(env.REDIS_URL);
        const keys = [
          ...['03000000030', '03000000031'].map((p) => `sos:${ids.residents.get(p)}`),
          `broadcast:${ids.gv}`,
          ...['cms@greenvalley.test', 'plots@greenvalley.test'].map((e) => `upload-bytes:${ids.staff.get(e)}`),
          ...['cms@greenvalley.test', 'plots@greenvalley.test'].map((e) => `upload:${ids.staff.get(e)}`),
          `push:${ids.staff.get('notification@greenvalley.test')}`,
          `import:${ids.staff.get('billing@greenvalley.test')}`,
        ];
        const prefix = redisKeyPrefixes(h.config.DATABASE_URL).limit;
        await redis.del(...keys.map((k) => prefix + k));
        await redis.quit();
      }
    });
    afterAll(async () => {
      await B?.built.app.close();
      await B?.database.close();
    });
    const press = (app: BuiltApp['app'], authorization: string) => pressSos(app, authorization);

    it('SOS presses of one resident spread over A and B: SOS_MAX_PRESSES_PER_MINUTE in all, then 429 on both until the minute is over', async () => {
      const authorization = await h.residentAuth('03000000030');
      for (let i = 0; i < SOS_MAX; i++) expect((await press(i % 2 ? B.built.app : A, authorization)).statusCode).toBe(201);
      for (const app of [A, B.built.app]) {
        const refused = await press(app, authorization);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toBe(MSG.sosTooMany);
        expect(refused.headers['retry-after']).toBe('60');
      }
      h.clock.advance(MINUTE_MS);
      const after = await press(B.built.app, authorization);
      expect(after.statusCode).toBe(201);
      expect(after.json<SecurityAlert>().pressCount).toBe(SOS_MAX + 1);
    });

    it('a concurrent burst of presses split over both instances is counted exactly: SOS_MAX_PRESSES_PER_MINUTE stored, the rest 429', async () => {
      const authorization = await h.residentAuth('03000000031');
      const codes = (await Promise.all(Array.from({ length: 30 }, (_, i) => press(i % 2 ? B.built.app : A, authorization)))).map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(SOS_MAX);
      expect(codes.filter((c) => c === 429)).toHaveLength(30 - SOS_MAX);
    });

    it('Send to All of one society through A and B: PANEL_MAX_BROADCASTS_PER_HOUR in all', async () => {
      const broadcast = async (app: BuiltApp['app']) =>
        app.inject({
          method: 'POST',
          url: '/api/notifications/broadcast',
          headers: { cookie: await h.staffCookie('notification@greenvalley.test') },
          payload: { title: 'Water', body: 'No water on Sunday.' },
        });
      expect((await broadcast(A)).statusCode).toBe(201);
      expect((await broadcast(B.built.app)).statusCode).toBe(201);
      const refused = await broadcast(A);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Too many broadcasts, try again in 60 minutes.');
    });

    it("one staff member's uploaded bytes through A and B: MEDIA_MAX_BYTES_PER_DAY in all", async () => {
      const upload = async (app: BuiltApp['app'], bytes: number) => {
        const form = mediaForm(mp4(bytes), { filename: 'clip.mp4', contentType: 'video/mp4' });
        return app.inject({
          method: 'POST',
          url: '/api/media',
          headers: { cookie: await h.staffCookie('cms@greenvalley.test'), ...form.headers },
          payload: form.payload,
        });
      };
      expect((await upload(A, 2048)).statusCode).toBe(201);
      expect((await upload(B.built.app, 2048)).statusCode).toBe(201);
      expect((await upload(A, 2048)).statusCode).toBe(429);
      expect((await upload(B.built.app, 900)).statusCode).toBe(201);
      // Another staff member has a day of their own.
      const plots = async (app: BuiltApp['app']) => {
        const form = mediaForm(mp4(2048), { filename: 'clip.mp4', contentType: 'video/mp4' });
        return app.inject({
          method: 'POST',
          url: '/api/media',
          headers: { cookie: await h.staffCookie('plots@greenvalley.test'), ...form.headers },
          payload: form.payload,
        });
      };
      expect((await plots(B.built.app)).statusCode).toBe(201);
    });

    it('spreadsheet imports and single pushes of one staff member through A and B: one count each', async () => {
      const importSheet = async (app: BuiltApp['app']) => {
        const { payload, contentType } = multipartBody(billSheet([{ Address: 'House 999, Street 999', Units: 4 }]));
        return app.inject({
          method: 'POST',
          url: '/api/bills/import',
          headers: { cookie: await h.staffCookie('billing@greenvalley.test'), 'content-type': contentType },
          payload,
        });
      };
      expect((await importSheet(A)).statusCode).toBe(200);
      expect((await importSheet(B.built.app)).statusCode).toBe(200);
      expect((await importSheet(A)).statusCode).toBe(429);

      const residentId = ids.residents.get('03000000032')!;
      const send = async (app: BuiltApp['app']) =>
        app.inject({
          method: 'POST',
          url: '/api/notifications/send',
          headers: { cookie: await h.staffCookie('notification@greenvalley.test') },
          payload: { residentId, title: 'Parcel', body: 'At the gate.' },
        });
      const codes: number[] = [];
      for (let i = 0; i <= h.config.PANEL_MAX_PUSHES_PER_MINUTE; i++) codes.push((await send(i % 2 ? B.built.app : A)).statusCode);
      expect(codes.slice(0, -1).every((c) => c === 201)).toBe(true);
      expect(codes.at(-1)).toBe(429);
    });
  });
}

sharedLimitsSuite('limits shared by two instances in PostgreSQL (DATABASE_URL)', {});
sharedLimitsSuite('limits shared by two instances in Redis (REDIS_URL)', { REDIS_URL: REDIS ?? '' });

describe.skipIf(!PG)('PostgreSQL store: the SOS count on the alarm lane, failing open', () => {
  const h = useHarness();

  it('counts an SOS press while every main-lane connection is busy (the alarm lane has its own)', async () => {
    const authorization = await h.residentAuth('03000000033');
    const residentId = (await h.database.db.select({ id: residents.id }).from(residents).where(eq(residents.phone, '03000000033')))[0]!.id;
    const lane = await holdMainLane(h.database.db, MAIN_POOL_MAX, 'every main-lane connection held');
    try {
      const pressed = pressSos(h.app, authorization);
      // Counted while the main lane could not have run the statement (on it, this would wait for the release below).
      const counted = async () =>
        (
          await h.database.alarmDb
            .select({ used: rateLimits.used })
            .from(rateLimits)
            .where(eq(rateLimits.key, `sos:${residentId}`))
        )[0]?.used === 1;
      await waitFor(counted, 'the press counted on the alarm lane', 5_000);
      const res = await pressed;
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await lane.release();
    }
  });

  it('lets an SOS press through when rate_limits cannot be used, and counts again once it can', async () => {
    const authorization = await h.residentAuth('03000000034');
    await h.database.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      for (let i = 1; i <= SOS_MAX + 1; i++) {
        const res = await pressSos(h.app, authorization);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json<SecurityAlert>().pressCount).toBe(i);
      }
    } finally {
      await h.database.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    }
    for (let i = 0; i < SOS_MAX; i++) expect((await pressSos(h.app, authorization)).statusCode).toBe(201);
    expect((await pressSos(h.app, authorization)).statusCode).toBe(429);
  });

  it('the purge job deletes rows whose window has ended, and only those', async () => {
    const db = h.database.db;
    const t = h.clock.now().getTime();
    await db.insert(rateLimits).values([
      { key: 'test:ended', windowEnd: new Date(t - 1), used: 1, counted: true },
      { key: 'test:open', windowEnd: new Date(t + MINUTE_MS), used: 1, counted: true },
    ]);
    await h.jobs.purge.runOnce();
    const left = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).filter((k) => k.startsWith('test:'));
    expect(left).toEqual(['test:open']);
  });
});
