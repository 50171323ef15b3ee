/**
 * Databases of the PostgreSQL test run (DATABASE_URL set). The api project's global setup
 * (tests/support/pg-template.global.ts) builds one migrated, seeded template database per run;
 * its setup file (tests/support/pg-file-database.ts) copies it into a database of the test file's
 * own, so files share no rows and can run in parallel. What both, and tests that need another
 * database of their own, use to name, create and drop them.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseNameOf } from '../../src/server/lib/redis-namespace.js';

/** What the global setup provides to every file (`inject('pgTemplate')`); undefined on PGlite. */
export interface PgTemplate {
  /** DATABASE_URL as the run was given it: where databases are created and dropped from. */
  adminUrl: string;
  /** The run's database name (DATABASE_URL's), the stem of every database the run makes. */
  base: string;
  /** `<base>_tpl`: migrated and seeded, closed to connections. */
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: PgTemplate | undefined;
  }
}

/**
 * Set by the setup file to the URL of the file's database while nothing has used it yet; the
 * first harness on that URL takes it (see {@link takeFreshDatabase}).
 */
const FRESH_ENV = 'SD_TEST_FRESH_DATABASE_URL';

/** `url` with its database name replaced by `name`. */
export function databaseUrlOf(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

/** The template's name for a run on `adminUrl`'s database: `<name>_tpl`. */
export function templateNameOf(adminUrl: string): string {
  return `${databaseNameOf(adminUrl)}_tpl`;
}

/**
 * A database name no other file of any run uses: `<stem>_f<10 hex digits>` (lower case, so it
 * needs no quoting; at most 63 bytes with a stem of up to 45).
 */
export function uniqueDatabaseName(stem: string): string {
  return `${stem}_f${randomBytes(5).toString('hex')}`;
}

/** Runs `fn` on a connection to `adminUrl`'s database, closed after. */
export async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates the database `name` as a copy of the template `template` (which must have no
 * connections). PostgreSQL 15's default strategy, WAL_LOG: for the ~10 MB seeded template it took
 * 54–76 ms a copy against 104–175 ms for FILE_COPY, whose two checkpoints a copy also slow every
 * other file running meanwhile.
 */
export async function createFromTemplate(client: pg.Client, name: string, template: string): Promise<void> {
  await client.query(`create database "${name}" template "${template}"`);
}

/** Drops the database `name` if it exists, ending its connections. */
export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  await client.query(`drop database if exists "${name}" with (force)`);
}

/**
 * Marks `url` as the file's database, fresh from the template (the setup file calls it).
 */
export function markFreshDatabase(url: string): void {
  process.env[FRESH_ENV] = url;
}

/**
 * True once, for the first caller on the file's database fresh from the template: it is migrated
 * and seeded already, so that caller skips the reset, migrations and demo data. Every later caller
 * (a second harness in the same file, which must not see the first one's rows) and any other
 * database get false and prepare it themselves.
 */
export function takeFreshDatabase(url: string): boolean {
  if (!url || process.env[FRESH_ENV] !== url) return false;
  delete process.env[FRESH_ENV];
  return true;
}
