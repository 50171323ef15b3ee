import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium (its headless shell where it can, see CHROMIUM; no browser
 * download is possible here). Each worker runs its own server (`node dist/server/main.js`) on a fresh embedded database
 * with demo data: e2e/test.ts starts it on E2E_PORT + the worker's index, in
 * `<E2E_DATA_DIR>-w<index>`, with the test environment, and stops it in the worker's teardown.
 * E2E_WORKERS sets how many workers (default 1). On two cores 1 and 2 measured the same (896 s and
 * 913 s for the whole suite, each of two workers busy the whole run). With 2, shell.spec's and
 * staff.spec's live-socket tests failed when run beside each other (the screen stayed
 * 'Connecting…'); with 1 they pass. Until that is understood, CI uses one worker.
 */
const PORT = Number(process.env.E2E_PORT ?? 3199);

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: the same engine without the
 * browser's window code) where it is installed, /usr/bin/chromium otherwise; CHROMIUM_PATH
 * overrides. The whole suite measured 744 s with Chromium and 679 s with the shell on two cores.
 * The shell cannot open a window (`--headed` and `--debug` need CHROMIUM_PATH=/usr/bin/chromium),
 * and it has no push service and shows no system notifications: the specs in
 * {@link NEEDS_FULL_BROWSER} run in Chromium itself.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
/** Web Push subscriptions (a push service) and the alarm's system notification. */
const NEEDS_FULL_BROWSER = ['**/resident-push.spec.ts', '**/siren.spec.ts'];
/** Launch options for the browser at `executablePath`, with the flags STACK-NOTES gives for these machines. */
const launchOf = (executablePath: string) => ({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const WORKERS = Number(process.env.E2E_WORKERS ?? 1);

/**
 * What every browser-test configuration shares (this one and playwright.cluster.config.ts): one
 * worker, no retries, Debian's Chromium (see CHROMIUM), the app at http://127.0.0.1:`port`.
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
      // No trace by default: recording one costs every test its DOM snapshots and screenshots
      // (security, posts and resident-app: 82.5 s with retain-on-failure, 70.6 s without), and a
      // clean-clone CI keeps no artifacts. A failure still writes its page's aria snapshot
      // (error-context.md); rerun it with `--trace retain-on-failure` for the trace.
      trace: 'off',
      // As a system that asks for less motion: the theme then opens drawers, dialogs and toasts
      // at once (src/web/app/theme.ts), so no step waits out a slide. theme.spec checks both ways.
      reducedMotion: 'reduce',
      launchOptions: launchOf(CHROMIUM),
    },
    projects: [
      { name: 'chromium', testIgnore: NEEDS_FULL_BROWSER },
      { name: 'chromium-browser', testMatch: NEEDS_FULL_BROWSER, use: { launchOptions: launchOf(FULL_CHROMIUM) } },
    ],
  } satisfies Parameters<typeof defineConfig>[0];
}

export default defineConfig({
  testDir: './e2e',
  ...browserTestSettings(PORT),
  // One server per worker (e2e/test.ts), so no webServer here; each spec file runs in one worker.
  workers: WORKERS,
});
