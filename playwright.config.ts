import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium (/usr/bin/chromium; no browser download is possible
 * here). The server runs on a fresh embedded database with demo data under ./data-e2e; it may
 * send Web Push to a test push service on 127.0.0.1 (WEB_PUSH_TEST_HOSTS, e2e/resident-push.spec.ts).
 * Every test resident signs in from 127.0.0.1, so the per-address resident sign-in limit is raised
 * (RESIDENT_SIGNIN_PER_MINUTE); its default is tested in tests/api/resident-password.test.ts.
 */
const PORT = Number(process.env.E2E_PORT ?? 3199);
/** The test server's data folder (E2E_DATA_DIR), so two checkouts can run their browser tests at once. */
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'data-e2e';

/**
 * What every browser-test configuration shares (this one and playwright.cluster.config.ts): one
 * worker, no retries, Debian's Chromium, the app at http://127.0.0.1:`port`.
 * @param reportLabel names the JSON report written when TEST_REPORT_DIR is set (playwright-<label>.json)
 */
export function browserTestSettings(port: number, reportLabel: 'browser' | 'cluster' = 'browser') {
  return {
    fullyParallel: false,
    workers: 1,
    retries: 0,
    timeout: 30_000,
    expect: { timeout: 5_000 },
    // With TEST_REPORT_DIR (`.ci/run`), also Playwright's JSON report, for scripts/ci-report.ts.
    reporter: [
      ['list'],
      ...(process.env.TEST_REPORT_DIR ? [['json', { outputFile: path.resolve(process.env.TEST_REPORT_DIR, `playwright-${reportLabel}.json`) }] as const] : []),
    ],
    use: {
      baseURL: `http://127.0.0.1:${port}`,
      viewport: { width: 1280, height: 800 },
      trace: 'retain-on-failure',
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      },
    },
    projects: [{ name: 'chromium' }],
  } satisfies Parameters<typeof defineConfig>[0];
}

export default defineConfig({
  testDir: './e2e',
  ...browserTestSettings(PORT),
  webServer: {
    command: `rm -rf ${DATA_DIR} ${DATA_DIR}.lock && DATA_DIR=${DATA_DIR} PORT=${PORT} HOST=127.0.0.1 NODE_ENV=test TEST_CLOCK=1 WEB_PUSH_TEST_HOSTS=127.0.0.1 DEADLINE_CHECK_MS=500 RESIDENT_SIGNIN_PER_MINUTE=1000 LOG_LEVEL=warn OUTBOX_POLL_MS=200 npx tsx src/server/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
