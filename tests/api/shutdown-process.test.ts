/**
 * SIGTERM wiring in main.ts, on the real process (embedded PGlite on a fresh data
 * folder). A signed-in staff socket is closed at the transport (socket.io-client retries that
 * reason), the process exits 0, the port refuses connections and the data folder lock is released.
 * Runs on PGlite only (main.ts with DATABASE_URL would migrate the shared test database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { staffCookie } from '../../bench/list-scale/probe.js';
import { freePort } from '../support/free-port.js';

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = net.connect(port, '127.0.0.1');
    c.once('connect', () => {
      c.destroy();
      resolve(false);
    });
    c.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

describe.skipIf(!!process.env.DATABASE_URL)('SIGTERM (main.ts)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sd-shutdown-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('closes sockets so clients reconnect, exits 0, stops listening and releases the data folder lock', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const dataDir = path.join(dir, 'data');
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let output = '';
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      proc.stdout!.on('data', (d: Buffer) => {
        output += d.toString();
        if (output.includes('Society Desk is running at')) resolve();
      });
      proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
    });
    expect(existsSync(path.join(dataDir, 'society-desk.lock'))).toBe(true);

    const url = `http://127.0.0.1:${port}`;
    const cookie = await staffCookie(url, 'security@greenvalley.test', DEMO_PASSWORD);
    const socket = connect(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnectionDelay: 60_000, reconnectionDelayMax: 60_000 });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      proc.kill('SIGTERM');
      expect(await reason).toBe('transport close');
      expect(socket.active).toBe(true);
      expect(await exited).toBe(0);
    } finally {
      socket.disconnect();
    }
    expect(await refused(port)).toBe(true);
    expect(existsSync(path.join(dataDir, 'society-desk.lock'))).toBe(false);
  });
});
