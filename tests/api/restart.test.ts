import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { seedDemo } from '../../src/server/seed/demo.js';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { ADMIT_ALL } from '../support/test-config.js';

/**
 * An alarm raised before a restart is still waiting, unacknowledged, after it: the dashboard's
 * inbox (asked on every sign-in and reconnect) is read from the database, not from memory.
 */
describe('server restart', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sd-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...ADMIT_ALL, DATABASE_URL: process.env.DATABASE_URL ?? '' });
  const open = async (): Promise<Database> => openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: dir });

  // Two opens of a data folder (a new one takes seconds to create) and a migration: slow on 2 cores.
  it('keeps unacknowledged alarms across a restart', { timeout: 90_000 }, async () => {
    let database = await open();
    if (database.kind === 'postgres') {
      await database.db.execute(sql`drop schema if exists public cascade`);
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      await database.db.execute(sql`create schema public`);
    }
    await database.migrate();
    await seedDemo(database.db);
    let built = await buildApp({ config, database, serveWeb: false });
    const login = await built.app.inject({ method: 'POST', url: '/api/resident/login', payload: { phone: '03000000038', password: 'demo-pass-1' } });
    const raised = await built.app.inject({ method: 'POST', url: '/api/security', headers: { authorization: `Bearer ${login.json().token}` }, payload: {} });
    expect(raised.statusCode).toBe(201);
    const id = raised.json<SecurityAlert>()._id;
    await built.app.close();
    await database.close();

    database = await open();
    await database.migrate();
    built = await buildApp({ config, database, serveWeb: false });
    const staff = await built.app.inject({
      method: 'POST',
      url: '/api/society/login',
      payload: { email: 'security@greenvalley.test', password: 'demo-pass-1' },
    });
    const cookie = `sd_session=${staff.cookies.find((c) => c.name === 'sd_session')!.value}`;
    const inbox = await built.app.inject({ method: 'GET', url: '/api/security/alarms', headers: { cookie } });
    expect(inbox.json<{ items: SecurityAlert[] }>().items.map((a) => a._id)).toContain(id);
    await built.app.close();
    await database.close();
  });
});
