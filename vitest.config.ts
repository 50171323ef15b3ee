import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * With TEST_REPORT_DIR set (`.ci/run` does), the run also writes Vitest's JSON report there, as
 * vitest-pglite.json or, with DATABASE_URL, vitest-postgres.json: scripts/ci-report.ts reads it
 * for the counts and the slowest files.
 */
const reportDir = process.env.TEST_REPORT_DIR;
const reportLabel = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * Two projects: `unit` (pure rules, no database) and `api` (Fastify through app.inject on a real
 * database: in-memory PGlite by default, the PostgreSQL server when DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single one on CI's two. A file spends
    // much of its time waiting on its database (PGlite's thread, or the PostgreSQL server), so two
    // files at a time use two cores better, and every file has a database of its own.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    ...(reportDir && {
      reporters: ['default', 'json'],
      outputFile: { json: path.resolve(reportDir, `vitest-${reportLabel}.json`) },
    }),
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // One migrated, seeded template per run. PGlite: a tarball every file's database is
          // loaded from. PostgreSQL (DATABASE_URL): a template database and a copy of it per test
          // file, so files share no rows and run in parallel. Each setup does nothing on the other.
          globalSetup: ['tests/support/pglite-template.global.ts', 'tests/support/pg-template.global.ts'],
          setupFiles: ['tests/support/pg-file-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
