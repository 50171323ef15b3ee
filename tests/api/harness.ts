/**
 * Test harness (STYLE: fastify/demo): a real, migrated and seeded database per test file —
 * in-memory PGlite by default, loaded from the run's migrated and seeded template
 * (tests/support/pglite-template.global.ts); with DATABASE_URL set (`npm run test:pg`), the file's
 * own copy of the run's template database (tests/support/pg-file-database.ts), so files run in
 * parallel — and the app built on it, driven with `app.inject`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import { z } from 'zod';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { fakeResolver, type FakeResolver } from '../support/fake-resolver.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { rowsOf } from '../../src/server/db/raw-rows.js';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/seed/demo.js';
import type { PushPayload } from '../../src/server/modules/outbox/repo.js';
import { manualClock, type ManualClock } from '../../src/server/lib/clock.js';
import { ADMIT_ALL } from '../support/test-config.js';
import { takeFreshDatabase } from '../support/pg-databases.js';

export interface Harness extends Omit<BuiltApp, 'clock'> {
  /** The app's clock: starts at the real time and moves only with `clock.advance(ms)`. */
  clock: ManualClock;
  database: Database;
  config: Config;
  /** Pushes the test transport received, in order. */
  pushes: PushPayload[];
  /** Signs a staff member in; returns the Cookie header value. Throws unless 200. */
  staffCookie(email: string, password?: string): Promise<string>;
  /** Signs a resident in through the resident API; returns the bearer Authorization value. */
  residentAuth(phone: string, password?: string): Promise<string>;
  /** How the app resolves Web Push endpoints' hosts: no network; a test sets names in `resolver.hosts`. */
  resolver: FakeResolver;
}

async function resetPostgres(database: Database): Promise<void> {
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`create schema public`);
}

/**
 * Throws unless the database holds the demo's societies: a copy of the template that came up empty
 * would otherwise fail the file's tests with missing tables or roles, far from the cause.
 */
async function expectSeeded(database: Database): Promise<void> {
  const result = await database.db.execute(sql`select count(*)::int as n from societies`).catch((err: unknown) => {
    throw new Error(`the template database did not load: ${String(err)}`);
  });
  const n = rowsOf(result, z.object({ n: z.coerce.number() }))[0]?.n ?? 0;
  if (n < 2) throw new Error(`the template database loaded with ${n} societies, not the demo's`);
}

/** Builds a fresh app for one test file; closes it after the file's tests. */
export function useHarness(env: Record<string, string> = {}): Harness {
  const h = {} as Harness;
  let dataDir: string | undefined;
  beforeAll(async () => {
    // Uploaded media go to a folder of this test file's own (removed after it), not ./data.
    dataDir = mkdtempSync(path.join(tmpdir(), 'sd-harness-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      OUTBOX_POLL_MS: '50',
      DATA_DIR: dataDir,
      ...ADMIT_ALL,
      ...env,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
    });
    const pgliteTemplate = config.DATABASE_URL ? '' : inject('pgliteTemplate');
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, ...(pgliteTemplate && { loadDataDir: pgliteTemplate }) });
    // A copy of the run's template (PGlite's tarball, or the file's own PostgreSQL database) is
    // migrated and seeded already; any other database (a second harness on PostgreSQL, a run
    // without the project's global setups) is prepared here. The PostgreSQL copy was checked by
    // the setup file that made it; a PGlite copy is checked here.
    if (pgliteTemplate) await expectSeeded(database);
    else if (!takeFreshDatabase(config.DATABASE_URL ?? '')) {
      if (database.kind === 'postgres') await resetPostgres(database);
      await database.migrate();
      await seedDemo(database.db);
    }
    const pushes: PushPayload[] = [];
    const clock = manualClock();
    const resolver = fakeResolver();
    const built = await buildApp({
      config,
      database,
      clock,
      serveWeb: false,
      pushTransport: { send: async (p) => void pushes.push(p) },
      resolveHost: resolver.resolve,
    });
    await built.app.ready();
    Object.assign(h, built, { database, config, pushes, clock, resolver });
    h.staffCookie = async (email, password = DEMO_PASSWORD) => {
      const res = await built.app.inject({ method: 'POST', url: '/api/society/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
      const c = res.cookies.find((k) => k.name === 'sd_session');
      return `sd_session=${c!.value}`;
    };
    h.residentAuth = async (phone, password = DEMO_PASSWORD) => {
      const res = await built.app.inject({ method: 'POST', url: '/api/resident/login', payload: { phone, password } });
      if (res.statusCode !== 200) throw new Error(`resident login ${phone}: ${res.statusCode} ${res.body}`);
      return `Bearer ${res.json<{ token: string }>().token}`;
    };
  });
  afterAll(async () => {
    await h.app?.close();
    await h.database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return h;
}

/**
 * Builds a second app on the harness's database and clock with other settings (`env` over
 * NODE_ENV=test, silent logs, admission control off), runs `fn` against it, and closes it.
 */
export async function withApp(h: Harness, env: Record<string, string>, fn: (app: BuiltApp['app']) => Promise<void>): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...ADMIT_ALL, ...env });
  const built = await buildApp({ config, database: h.database, clock: h.clock, serveWeb: false, resolveHost: h.resolver.resolve });
  try {
    await built.app.ready();
    await fn(built.app);
  } finally {
    await built.app.close();
  }
}
