import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * With TEST_REPORT_DIR set (`.ci/run` does), the run also writes Vitest's JSON report there, as
 * vitest-pglite.json or, with DATABASE_URL, vitest-postgres.json: scripts/ci-report.ts reads it
 * for the counts and the slowest files.
 */
const reportDir = process.env.TEST_REPORT_DIR;
const reportLabel = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * The test files under `dir` that replace a module (`vi.mock`). API files otherwise share their
 * worker's module graph (`isolate: false`): importing the server's modules once per worker, not
 * once per file, took the API files from 139 s of imports to 10 s. A mock is applied when a module
 * is first imported, and in a shared graph an earlier file has imported the real one already, so
 * these files run in a graph of their own (the `api-isolated` project).
 */
function filesReplacingModules(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8')));
}

const API_FILES_REPLACING_MODULES = filesReplacingModules('tests/api');
/** What both api projects share. */
const API_SETTINGS: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  setupFiles: ['tests/support/pg-file-database.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * Three projects: `unit` (pure rules, no database; each file isolated), `api` (Fastify through
 * app.inject on a real database: in-memory PGlite by default, the PostgreSQL server when
 * DATABASE_URL is set; files share their worker's modules) and `api-isolated` (the api files that
 * replace a module). `npm run test:pg` runs `api*`.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single one on CI's two. A file spends
    // much of its time waiting on its database (PGlite's thread, or the PostgreSQL server), so two
    // files at a time use two cores better, and every file has a database of its own.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // One migrated, seeded template per run, for every api project. PGlite: a tarball every file's
    // database is loaded from. PostgreSQL (DATABASE_URL): a template database and a copy of it per
    // test file, so files share no rows and run in parallel. Each setup does nothing on the other.
    // Set here, not per project, so that it runs once and provides to all of them.
    globalSetup: ['tests/support/pglite-template.global.ts', 'tests/support/pg-template.global.ts'],
    ...(reportDir && {
      reporters: ['default', 'json'],
      outputFile: { json: path.resolve(reportDir, `vitest-${reportLabel}.json`) },
    }),
    projects: [
      // Isolated: web modules keep state of the page (the society's time zone, stores).
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          ...API_SETTINGS,
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...API_FILES_REPLACING_MODULES],
          isolate: false,
        },
      },
      ...(API_FILES_REPLACING_MODULES.length > 0
        ? [{ test: { ...API_SETTINGS, name: 'api-isolated', include: API_FILES_REPLACING_MODULES, isolate: true } }]
        : []),
    ],
  },
});
