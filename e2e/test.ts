/**
 * The `test` of every browser spec: Playwright's, with a server of each worker's own.
 *
 * Each worker starts the compiled server (`node dist/server/main.js`, as production runs it; `npm
 * run test:e2e` builds it first) on port E2E_PORT + its parallel index, on a fresh embedded
 * database in `<E2E_DATA_DIR>-w<index>` with the demo data and a test clock of its own. So
 * workers never share data, sessions or the clock: a spec that moves the clock or changes the
 * seed only races itself. `baseURL` (and so `page`, `request` and every context) points at it.
 *
 * The server is stopped in the worker's teardown, also after a failure (Playwright then starts a
 * new worker, which starts a fresh server). Should the worker die without a teardown, the server
 * gets SIGKILL from the kernel (setpriv --pdeathsig), so no server outlives the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test as base, type BrowserContext } from '@playwright/test';

export { expect } from '@playwright/test';

/** The first worker's port; worker N listens on E2E_PORT + N. */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3199);
/** Worker N's data folder is `<E2E_DATA_DIR>-w<N>`, so two checkouts can run their browser tests at once. */
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'data-e2e';

/**
 * The test server's environment. Every test resident signs in from 127.0.0.1, so the per-address
 * resident sign-in limit is raised (RESIDENT_SIGNIN_PER_MINUTE; its default is tested in
 * tests/api/resident-password.test.ts); it may send Web Push to a test push service on 127.0.0.1
 * (WEB_PUSH_TEST_HOSTS, e2e/resident-push.spec.ts); deadlines are checked every 500 ms.
 */
function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    TEST_CLOCK: '1',
    WEB_PUSH_TEST_HOSTS: '127.0.0.1',
    DEADLINE_CHECK_MS: '500',
    RESIDENT_SIGNIN_PER_MINUTE: '1000',
    LOG_LEVEL: 'warn',
    OUTBOX_POLL_MS: '200',
    DATABASE_URL: '',
  };
}

/** What `context.storageState()` saves: cookies and each origin's local storage. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * This worker's server: where it listens, the data folder its operator socket is in, and the
 * staff sign-ins saved on it (by email; see `restoreSignIn` in e2e/helpers.ts). The sign-ins are
 * the worker's, not a set-up project's: a session is valid only on the server that made it, and
 * each worker has its own.
 */
export interface TestServer {
  url: string;
  dataDir: string;
  signIns: Map<string, StorageState>;
}

let thisWorkers: TestServer | undefined;

/**
 * This worker's server, for helpers that are handed only a page (e2e/helpers.ts: `operator`,
 * `restoreSignIn`). @throws outside a test of this `test`.
 */
export function testServer(): TestServer {
  if (!thisWorkers) throw new Error('No test server in this worker: import `test` from e2e/test.ts');
  return thisWorkers;
}

const HEALTH_TIMEOUT_MS = 120_000;

async function waitForHealth(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The test server exited (${child.exitCode ?? child.signalCode}) before it was up:\n${stderr()}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The test server was not up on ${url} within ${HEALTH_TIMEOUT_MS / 1000} s:\n${stderr()}`);
}

/** SIGTERM (the server drains and closes its database), SIGKILL if it has not exited in 10 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export const test = base.extend<{ closeOwnContexts: void }, { testServer: TestServer }>({
  testServer: [
    // Playwright reads the fixtures a fixture needs from its first parameter: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const port = BASE_PORT + workerInfo.parallelIndex;
      const dataDir = `${DATA_DIR}-w${workerInfo.parallelIndex}`;
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}.lock`, { recursive: true, force: true });
      const [command, ...args] = [
        ...(existsSync('/usr/bin/setpriv') ? ['/usr/bin/setpriv', '--pdeathsig', 'KILL', '--'] : []),
        process.execPath,
        'dist/server/main.js',
      ];
      let stderr = '';
      const child = spawn(command, args, { cwd: path.resolve(import.meta.dirname, '..'), env: serverEnv(port, dataDir), stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-20_000);
        process.stderr.write(chunk);
      });
      // A worker that exits without its teardown (an uncaught error) takes its server along.
      const killOnExit = () => child.kill('SIGKILL');
      process.once('exit', killOnExit);
      try {
        const url = `http://127.0.0.1:${port}`;
        await waitForHealth(url, child, () => stderr);
        thisWorkers = { url, dataDir: path.resolve(dataDir), signIns: new Map() };
        await use(thisWorkers);
      } finally {
        thisWorkers = undefined;
        await stop(child);
        process.removeListener('exit', killOnExit);
      }
    },
    { scope: 'worker', auto: true, timeout: HEALTH_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ testServer: server }, use) => {
    await use(server.url);
  },
  // Every context a test opens with browser.newContext() (a second screen) is closed when the
  // test ends, passed or failed: a failed test's open screens would keep their live connections
  // and pages for the rest of the worker's run.
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
