/**
 * Two app instances on ONE PostgreSQL database, as two servers behind a load balancer
 * would be: each has its own pools, jobs, outbox worker and Socket.IO server (really listening on
 * a port), and they share only the database — and Redis when `REDIS_URL` is given. Both read the
 * same manual clock, so a test moves time for the whole "cluster" at once.
 *
 * Needs DATABASE_URL (the file's copy of the run's template, or a database the caller names, which
 * is then wiped, migrated and seeded); callers skip their suites without it.
 */
import { sql } from 'drizzle-orm';
import { openStaffSocket } from './staff-socket.js';
import { ADMIT_ALL } from './test-config.js';
import { takeFreshDatabase } from './pg-databases.js';

// Many files import the wait from here; it lives in wait-for.ts.
export { waitFor } from './wait-for.js';
export { freePort } from './free-port.js';
import { afterAll, beforeAll } from 'vitest';
import type { Socket } from 'socket.io-client';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { manualClock, type ManualClock } from '../../src/server/lib/clock.js';
import type { PushPayload } from '../../src/server/modules/outbox/repo.js';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/seed/demo.js';

export interface Instance extends Omit<BuiltApp, 'clock'> {
  name: 'A' | 'B';
  database: Database;
  /** http://127.0.0.1:<port> of this instance. */
  url: string;
}

/** One push the (test) transport of an instance was asked to send. */
export interface SentPush {
  by: 'A' | 'B';
  payload: PushPayload;
}

export interface TwoInstances {
  a: Instance;
  b: Instance;
  config: Config;
  /** The clock both instances read. */
  clock: ManualClock;
  /** Every push either instance's transport sent, in order. */
  sent: SentPush[];
  /** Signs a staff member in through `via`; returns the Cookie header value. */
  staffCookie(via: Instance, email: string): Promise<string>;
  /** Signs a resident in through `via`; returns the Authorization header value. */
  residentAuth(via: Instance, phone: string): Promise<string>;
  /** Opens a websocket to `via` as `email`; resolves once connected. Closed after the file. */
  open(via: Instance, email: string): Promise<Socket>;
}

async function resetPostgres(database: Database): Promise<void> {
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`create schema public`);
}

/**
 * Builds instances A and B for one test file (`env` adds config, e.g. REDIS_URL, or a
 * DATABASE_URL of the file's own instead of the environment's) and closes them
 * after its tests. The push transport yields to the event loop once per send, so two draining
 * workers really interleave.
 * @param opts.relay false: no Socket.IO adapter between them (each instance's sockets and cache
 *   hear only their own events), as when the relay's messages are lost or late
 */
export function useTwoInstances(env: Record<string, string> = {}, opts: { relay?: boolean } = {}): TwoInstances {
  const t = { sent: [] as SentPush[] } as TwoInstances;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      OUTBOX_POLL_MS: '50',
      ...ADMIT_ALL,
      ...env,
      DATABASE_URL: env.DATABASE_URL ?? process.env.DATABASE_URL ?? '',
    });
    const clock = manualClock();
    const first = await openDatabase({ databaseUrl: config.DATABASE_URL });
    // The file's own copy of the run's template is migrated and seeded already.
    if (!takeFreshDatabase(config.DATABASE_URL ?? '')) {
      await resetPostgres(first);
      await first.migrate();
      await seedDemo(first.db);
    }
    const build = async (name: 'A' | 'B', database: Database): Promise<Instance> => {
      const pushTransport = {
        send: async (payload: PushPayload) => void (await new Promise<void>((r) => setImmediate(r)), t.sent.push({ by: name, payload })),
      };
      // Without DATABASE_URL in its config an app on an open database picks the in-memory adapter.
      const built = await buildApp({
        config: opts.relay === false ? { ...config, DATABASE_URL: undefined } : config,
        database,
        clock,
        serveWeb: false,
        pushTransport,
      });
      const url = await built.app.listen({ port: 0, host: '127.0.0.1' });
      return { ...built, name, database, url };
    };
    t.a = await build('A', first);
    t.b = await build('B', await openDatabase({ databaseUrl: config.DATABASE_URL }));
    Object.assign(t, { config, clock });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const i of [t.a, t.b]) {
      await i?.app.close();
      await i?.database.close();
    }
  });

  t.staffCookie = async (via, email) => {
    const res = await via.app.inject({ method: 'POST', url: '/api/society/login', payload: { email, password: DEMO_PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`login ${email} on ${via.name}: ${res.statusCode} ${res.body}`);
    return `sd_session=${res.cookies.find((k) => k.name === 'sd_session')!.value}`;
  };
  t.residentAuth = async (via, phone) => {
    const res = await via.app.inject({ method: 'POST', url: '/api/resident/login', payload: { phone, password: DEMO_PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`resident login ${phone} on ${via.name}: ${res.statusCode} ${res.body}`);
    return `Bearer ${res.json<{ token: string }>().token}`;
  };
  t.open = async (via, email) => {
    const cookie = await t.staffCookie(via, email);
    const s = await openStaffSocket(via.url, { cookie });
    sockets.push(s);
    return s;
  };
  return t;
}
