/**
 * Global setup of the `api` project on embedded PGlite (no DATABASE_URL): migrates and seeds ONE
 * template database per run and writes it to a tarball (PGlite `dumpDataDir`) in a temp folder,
 * provided to the files as `pgliteTemplate`. The harness opens each file's in-memory database
 * from it (`openDatabase({loadDataDir})`, ~0.5 s) instead of migrating and seeding its own
 * (~4.5 s). On PostgreSQL it provides '' and the harness migrates and seeds as before.
 *
 * Built here, in Vitest's main process, with PGlite in this thread (its worker thread cannot be
 * started from Vitest's module runner), served on a private Unix socket as embedded-server-worker.ts
 * does, so the migrations and the seed run through node-postgres exactly as in the app.
 *
 * The demo is seeded once, at the real time: a file's clock (`manualClock()`) starts at its own
 * start, so the seeded timestamps are as much older as the run has gone on (minutes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { EMBEDDED_POOL } from '../../src/server/db/embedded-server.js';
import * as schema from '../../src/server/db/schema.js';
import { seedDemo } from '../../src/server/seed/demo.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated and seeded PGlite tarball; '' on PostgreSQL runs. */
    pgliteTemplate: string;
  }
}

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Migrates and seeds a new in-memory PGlite and writes its data folder's tarball to `file`. */
async function buildPgliteTemplate(dir: string, file: string): Promise<void> {
  // The extensions the app's worker loads: the migrations create them.
  const db = await PGlite.create({ extensions: { pg_trgm, btree_gin } });
  const server = new PGLiteSocketServer({ db, path: path.join(dir, '.s.PGSQL.5432') });
  await server.start();
  const pool = new pg.Pool({ connectionString: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`, ...EMBEDDED_POOL });
  try {
    const orm = drizzle(pool, { schema });
    await migrate(orm, { migrationsFolder: MIGRATIONS });
    await seedDemo(orm);
  } finally {
    await pool.end();
    await server.stop();
  }
  const tarball = await db.dumpDataDir('none');
  await db.close();
  await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
}

/** Builds this run's template; the returned teardown removes it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return async () => undefined;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'sd-template-'));
  const file = path.join(dir, 'template.tar');
  await buildPgliteTemplate(dir, file);
  project.provide('pgliteTemplate', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}
