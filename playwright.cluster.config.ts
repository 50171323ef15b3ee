import { defineConfig } from '@playwright/test';
import { browserTestSettings } from './playwright.config';

/**
 * The browser test through a real load balancer: `scripts/cluster.ts` runs two app
 * instances on one PostgreSQL database behind nginx, and Chromium talks to nginx only. Needs
 * CLUSTER_DATABASE_URL, a FRESH database (dropped and recreated before each run, as `.ci/run`
 * does) so the first instance loads the demo data. nginx listens on E2E_PORT, the instances on
 * the next two ports. `npm run test:e2e:cluster` builds the web app first.
 */
const PORT = Number(process.env.E2E_PORT ?? 3299);
const DATABASE_URL = process.env.CLUSTER_DATABASE_URL;
if (!DATABASE_URL) {
  throw new Error(
    'playwright.cluster.config.ts needs CLUSTER_DATABASE_URL: a fresh PostgreSQL database the two instances share, e.g.\n' +
      '  dropdb --if-exists -h 127.0.0.1 -U postgres society_cluster_e2e && createdb -h 127.0.0.1 -U postgres society_cluster_e2e\n' +
      '  CLUSTER_DATABASE_URL=postgres://postgres@127.0.0.1:5432/society_cluster_e2e npm run test:e2e:cluster',
  );
}

/** Instance A and B listen here (nginx on PORT); the tests reach them directly to raise SOS. */
export const INSTANCE_URLS = [PORT + 1, PORT + 2].map((p) => `http://127.0.0.1:${p}`);

export default defineConfig({
  testDir: './e2e-cluster',
  ...browserTestSettings(PORT, 'cluster'),
  webServer: {
    command: `npx tsx scripts/cluster.ts --instances 2 --port ${PORT} --base-port ${PORT + 1}`,
    env: { DATABASE_URL, NODE_ENV: 'test', LOG_LEVEL: 'warn', OUTBOX_POLL_MS: '200' },
    // Through nginx: up only once both instances are.
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    // SIGTERM to the whole process group: the cluster script stops nginx and each instance
    // gracefully (the instances themselves drain for up to 10 s).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
