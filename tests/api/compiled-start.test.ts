/**
 * The production build runs as plain Node: compiles the server (scripts/build-server.ts, ~1 s;
 * no web build needed), starts `node dist/server/main.js` on a fresh embedded data folder, waits
 * for /api/health, imports a spreadsheet (the parse worker) and stops it with SIGTERM. A probe
 * preloaded with `--import` records every module the process loads — ES modules through a load
 * hook, in the main thread and in each worker thread (they inherit `--import`), and CommonJS ones
 * from the require cache at exit — and the test asserts that the database worker and the sheet
 * worker ran from dist/, and that no TypeScript source, tsx, esbuild or TypeScript compiler was
 * loaded anywhere in the process.
 *
 * Rebuilds dist/server and dist/shared in this checkout (a server started from dist/ meanwhile
 * keeps running on the modules it already loaded). The server it starts always runs on an embedded
 * data folder of its own (DATABASE_URL emptied), so the PostgreSQL run (npm run test:pg) would
 * only repeat it: it runs on the PGlite run alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billSheet, multipartBody } from '../../e2e/fixtures/bill-sheets.js';
import { buildServer } from '../../scripts/build-server.js';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { staffCookie } from '../../bench/list-scale/probe.js';
import { freePort } from '../support/free-port.js';
import { waitFor } from '../support/wait-for.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Loaded by `--import`: registers the load hook and writes the require cache at exit. */
const PROBE = `
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
register(new URL('./hooks.mjs', import.meta.url));
const require = createRequire(import.meta.url);
process.on('exit', () => appendFileSync(process.env.MODULE_PROBE_FILE, Object.keys(require.cache).map((f) => 'cjs ' + f + '\\n').join('')));
`;
/** The load hook: one line per module loaded through the ES module loader. */
const HOOKS = `
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.MODULE_PROBE_FILE, 'esm ' + url + '\\n');
  return next(url, context);
}
`;

describe.skipIf(!!process.env.DATABASE_URL)('compiled server (node dist/server/main.js)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sd-compiled-'));
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    await buildServer();
    writeFileSync(path.join(dir, 'probe.mjs'), PROBE);
    writeFileSync(path.join(dir, 'hooks.mjs'), HOOKS);
  }, 60_000);
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts, answers, parses a spreadsheet in its worker and stops, with no TypeScript compiler or tsx loaded', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const probeFile = path.join(dir, 'modules.txt');
    const proc = spawn(process.execPath, ['--import', path.join(dir, 'probe.mjs'), 'dist/server/main.js'], {
      cwd: ROOT,
      env: {
        ...process.env,
        // Nothing inherited from the test runner's own loaders.
        NODE_OPTIONS: '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        DATABASE_URL: '',
        REDIS_URL: '',
        MODULE_PROBE_FILE: probeFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let output = '';
    proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    await waitFor(
      async () => {
        if (proc.exitCode !== null) throw new Error(`the server exited (${proc.exitCode}) before it answered:\n${output}`);
        return fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
          (r) => r.ok,
          () => false,
        );
      },
      'the compiled server to answer /api/health',
      150_000,
    );

    // The spreadsheet parser's worker (sheet-worker.js) reads the file.
    const cookie = await staffCookie(url, 'billing@greenvalley.test', DEMO_PASSWORD);
    const { payload, contentType } = multipartBody(billSheet([{ Address: 'House 1, Street 1', Units: 120 }]), { period: '2031-05' });
    const imported = await fetch(`${url}/api/bills/import`, {
      method: 'POST',
      headers: { cookie, 'content-type': contentType },
      body: new Uint8Array(payload),
    });
    expect(imported.status, await imported.clone().text()).toBe(200);

    proc.kill('SIGTERM');
    expect(await exited, output).toBe(0);

    const loaded = readFileSync(probeFile, 'utf8').split('\n').filter(Boolean);
    const files = loaded.map((line) => line.replace(/^(esm|cjs) /, '').replace(/^file:\/\//, ''));
    const dist = path.join(ROOT, 'dist/server');
    expect(files).toContain(path.join(dist, 'main.js'));
    expect(files).toContain(path.join(dist, 'db/embedded-server-worker.js'));
    expect(files).toContain(path.join(dist, 'modules/billing/sheet-worker.js'));
    // The worker threads' loads are seen too (PGlite is imported only in its worker).
    expect(files.some((f) => f.includes('/node_modules/@electric-sql/pglite/'))).toBe(true);
    const compilers = files.filter((f) => /\/node_modules\/(tsx|typescript|esbuild|@esbuild|vite|vitest|@esbuild-kit)\//.test(f));
    expect(compilers).toEqual([]);
    const typescript = files.filter((f) => /\.[cm]?tsx?$/.test(f) || f.startsWith(path.join(ROOT, 'src') + path.sep));
    expect(typescript).toEqual([]);
  });
});
