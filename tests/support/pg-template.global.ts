/**
 * Global setup of the api project on PostgreSQL (DATABASE_URL set; nothing on embedded PGlite):
 * builds the run's template database `<name>_tpl` once — migrations and demo data, the steps
 * every test file's harness would otherwise repeat — and provides where it is to the files
 * (`inject('pgTemplate')`). Each file then gets a copy of its own (tests/support/pg-file-database.ts).
 * Teardown drops the template and any file database left behind (a crashed or killed worker).
 */
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';
import { databaseNameOf } from '../../src/server/lib/redis-namespace.js';
import { seedDemo } from '../../src/server/seed/demo.js';
import { databaseUrlOf, dropDatabase, templateNameOf, withAdmin, type PgTemplate } from './pg-databases.js';

/** Drops the template and every `<base>_f…` database (file databases and the ones tests made from theirs). */
async function dropRunDatabases(adminUrl: string, base: string, template: string): Promise<void> {
  await withAdmin(adminUrl, async (client) => {
    const left = await client.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${base.replace(/[\\_%]/g, '\\$&')}\\_f%`]);
    for (const { datname } of left.rows) await dropDatabase(client, datname);
    await dropDatabase(client, template);
  });
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    project.provide('pgTemplate', undefined);
    return undefined;
  }
  const base = databaseNameOf(adminUrl);
  const template = templateNameOf(adminUrl);
  await dropRunDatabases(adminUrl, base, template);
  await withAdmin(adminUrl, (client) => client.query(`create database "${template}"`));
  const database = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, template) });
  try {
    await database.migrate();
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
  await withAdmin(adminUrl, async (client) => {
    // A copy needs a template nobody is connected to: closed to connections from here on, and
    // any connection still there (none expected after close) ended.
    await client.query(`alter database "${template}" allow_connections false`);
    await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [template]);
  });
  const provided: PgTemplate = { adminUrl, base, template };
  project.provide('pgTemplate', provided);
  return () => dropRunDatabases(adminUrl, base, template);
}
