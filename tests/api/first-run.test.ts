/**
 * A first run that cannot go wrong: the banner's contents (lib/start-banner.ts), and a real
 * `npm start`-like process (node --import tsx src/server/main.ts) in production on a fresh data
 * folder outside the default: the one plain-http warning, the banner after every other start-up
 * line, first-run commands that reach this server when pasted into a shell as printed, and one log
 * line per request. PGlite only (with DATABASE_URL main.ts would migrate the shared test database).
 */
import { exec, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { adminCommandPrefix, startBanner, type BannerInput } from '../../src/server/lib/start-banner.js';
import { DEMO_PASSWORD, DEMO_RESIDENT_SIGN_INS, DEMO_SIGN_INS } from '../../src/server/seed/demo.js';
import { freePort } from '../support/free-port.js';
import { waitFor } from '../support/wait-for.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the start banner', () => {
  const base = (env: Record<string, string>, over: Partial<BannerInput> = {}): string =>
    startBanner({
      config: loadConfig({ PORT: '3000', ...env }),
      root: '/srv/desk',
      seeded: false,
      empty: false,
      demoPassword: DEMO_PASSWORD,
      staffSignIns: DEMO_SIGN_INS,
      residentSignIns: DEMO_RESIDENT_SIGN_INS,
      ...over,
    }).join('\n');

  it('prints the first-run commands with the DATA_DIR in use, none for the default folder', () => {
    const custom = base({ NODE_ENV: 'production', DATA_DIR: '/srv/desk data/x' }, { empty: true });
    expect(custom).toContain(`  DATA_DIR='/srv/desk data/x' npm run admin -- society:create --name "Hill Park" --code HP`);
    expect(custom).toContain(`  DATA_DIR='/srv/desk data/x' npm run admin -- staff:create --society HP`);
    const standard = base({ NODE_ENV: 'production', DATA_DIR: '/srv/desk/data' }, { empty: true });
    expect(standard).toContain('\n  npm run admin -- society:create');
    expect(adminCommandPrefix({ DATA_DIR: '/srv/x', DATABASE_URL: undefined }, '/srv/desk')).toEqual({ prefix: 'DATA_DIR=/srv/x ', passwordHidden: false });
  });

  it('prints DATABASE_URL with the commands, its password hidden', () => {
    expect(adminCommandPrefix({ DATA_DIR: '/x', DATABASE_URL: 'postgres://desk@db.lan:5432/desk' }, '/srv')).toEqual({
      prefix: 'DATABASE_URL=postgres://desk@db.lan:5432/desk ',
      passwordHidden: false,
    });
    const text = base({ NODE_ENV: 'production', DATABASE_URL: 'postgres://desk:s3cret@db.lan/desk' }, { empty: true });
    expect(text).toContain("  DATABASE_URL='postgres://desk:****@db.lan/desk' npm run admin -- society:create");
    expect(text).toContain('in place of ****');
    expect(text).not.toContain('s3cret');
  });

  it('lists staff and resident demo sign-ins with the resident app address', () => {
    const text = base({ NODE_ENV: 'development' });
    expect(text).toContain('Demo staff sign-ins at http://127.0.0.1:3000 (password demo-pass-1');
    expect(text).toMatch(/super-admin@greenvalley\.test +super-admin/);
    expect(text).toContain('Demo resident sign-ins at http://127.0.0.1:3000/app (phone, password demo-pass-1):');
    expect(text).toMatch(/\n {2}03000000001 +GV0001, Green Valley\n/);
    expect(text).toMatch(/\n {2}03100000001 +LC0001, Lake City\n/);
  });
});

describe.skipIf(!!process.env.DATABASE_URL)('a production first start on its own data folder', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sd-first-run-'));
  const dataDir = path.join(dir, 'data');
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('warns once of plain http, prints the banner last, and its pasted commands reach this server', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const env = {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
    };
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: { ...env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let output = '';
    proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitFor(
      () => {
        if (proc.exitCode !== null) throw new Error(`the server exited (${proc.exitCode}):\n${output}`);
        return /--sub-role super-admin\n\n/.test(output);
      },
      'the first-run banner',
      150_000,
    );
    const lines = output.split('\n');
    const bannerAt = lines.findIndex((l) => l.startsWith('Society Desk is running at'));
    const logLines = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.startsWith('{'));
    // Every start-up log line came before the banner, the plain-http warning among them, once.
    expect(
      logLines.every(({ i }) => i < bannerAt),
      output,
    ).toBe(true);
    const warnings = logLines.filter(({ l }) => l.includes('TLS in front'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!.l)).toMatchObject({ level: 40, msg: expect.stringMatching(/TRUST_PROXY.*ALLOW_INSECURE_HTTP=1/) });

    // The commands as printed, pasted into a shell in the package folder (the user's own
    // environment has no DATA_DIR), create the society in the running server's database.
    const commands = lines.filter((l) => l.includes('npm run admin --')).map((l) => l.trim());
    expect(commands).toHaveLength(2);
    expect(commands[0]).toMatch(/^DATA_DIR=\S+ npm run admin -- society:create/);
    const shell = promisify(exec);
    const shellEnv = { ...env, DATA_DIR: '', NODE_ENV: '' };
    const created = await shell(commands[0]!, { cwd: ROOT, env: shellEnv });
    expect(created.stdout).toContain('Society created: Hill Park (HP)');
    const staff = await shell(commands[1]!, { cwd: ROOT, env: shellEnv });
    expect(staff.stdout).toMatch(/Temporary password: \S+/);
    // The server took them over its operator socket: they are in its database, not in a new ./data.
    const listed = await shell(`${commands[0]!.split(' npm ')[0]} npm run -s admin -- society:list`, { cwd: ROOT, env: shellEnv });
    expect(listed.stdout).toMatch(/HP\s+Hill Park/);

    // One log line per request, with method, path, status and time.
    const before = output.length;
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    await waitFor(() => output.slice(before).includes('/api/health'), 'the request log line');
    const requestLines = output
      .slice(before)
      .split('\n')
      .filter((l) => l.includes('/api/health'));
    expect(requestLines).toHaveLength(1);
    expect(JSON.parse(requestLines[0]!)).toMatchObject({ level: 30, method: 'GET', url: '/api/health', status: 200, ms: expect.any(Number) });
    expect(output).not.toContain('incoming request');
    proc.kill('SIGTERM');
  });
});
