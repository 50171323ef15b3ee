/**
 * A rolling restart behind nginx loses no alarm: while the instance holding a staff
 * screen shuts down gracefully (lib/shutdown.ts, what SIGTERM runs), residents keep pressing SOS
 * through nginx. Every press is answered 201 (nginx passes it to the instance still up), and the
 * screen — told to reconnect by the closing instance — reconnects through nginx to the other one
 * and has every alarm, live or from the alarm inbox it reads on reconnect, as the web app does.
 *
 * PostgreSQL only (`npm run test:pg`); skipped without nginx unless REQUIRE_NGINX=1 (`.ci/run`).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { shutdownGracefully } from '../../src/server/lib/shutdown.js';
import { NGINX_BIN, startNginx, type NginxProcess } from '../../scripts/cluster/nginx.js';
import { freePort, useTwoInstances, waitFor } from '../support/two-instances.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const requireNginx = process.env.REQUIRE_NGINX === '1';
const hasNginx = existsSync(NGINX_BIN);
/** Approved Green Valley residents this file presses for (one press each: no merging). */
const PRESSERS = Array.from({ length: 12 }, (_, i) => `030000000${27 + i}`);

describe.skipIf(!onPostgres || (!hasNginx && !requireNginx))('rolling restart behind nginx', () => {
  const t = useTwoInstances();
  let nginx: NginxProcess;
  let dir: string;
  let screen: Socket | undefined;

  beforeAll(async () => {
    if (!hasNginx) throw new Error(`REQUIRE_NGINX=1 but there is no nginx at ${NGINX_BIN}: install Debian's package (apt-get install nginx) or set NGINX_BIN`);
    dir = mkdtempSync(path.join(tmpdir(), 'society-desk-nginx-restart-'));
    nginx = await startNginx({ port: await freePort(), upstreams: [t.a.url, t.b.url].map((u) => new URL(u).host), dir, workerProcesses: 1 });
  });
  afterAll(async () => {
    screen?.close();
    await nginx?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("every SOS pressed through nginx while the screen's instance shuts down is answered 201 and reaches the screen", async () => {
    const staff = await fetch(`${nginx.url}/api/society/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'security@greenvalley.test', password: 'demo-pass-1' }),
    });
    expect(staff.status).toBe(200);
    const cookie = staff.headers
      .getSetCookie()
      .find((c) => c.startsWith('sd_session='))!
      .split(';')[0]!;

    // A screen as the web app keeps one: reconnecting by itself, and reading the alarm inbox on
    // every (re)connection to catch up.
    const seen = new Set<number>();
    const catchUp = async () => {
      const res = await fetch(`${nginx.url}/api/security/alarms`, { headers: { cookie } });
      if (res.ok) for (const a of ((await res.json()) as { items: { _id: number }[] }).items) seen.add(a._id);
    };
    screen = connect(nginx.url, { transports: ['websocket'], extraHeaders: { cookie, origin: nginx.url }, reconnectionDelay: 100, reconnectionDelayMax: 500 });
    screen.on('receive-security', (a: SecurityAlert) => seen.add(a._id));
    screen.on('connect', () => void catchUp());
    await waitFor(() => screen!.connected, 'the screen to connect through nginx');
    const [holder, other] = t.a.io.of('/').sockets.has(screen.id!) ? [t.a, t.b] : [t.b, t.a];
    expect(other.io.of('/').sockets.has(screen.id!)).toBe(false);

    const tokens = await Promise.all(PRESSERS.map((phone) => t.residentAuth(other, phone)));
    const press = async (authorization: string) => {
      const res = await fetch(`${nginx.url}/api/security`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'rolling restart' }),
      });
      return { status: res.status, id: res.status === 201 ? ((await res.json()) as SecurityAlert)._id : undefined };
    };

    // Presses before, during and after the holder's shutdown, two at a time.
    const answers: { status: number; id?: number }[] = [];
    const pressing = (async () => {
      for (let i = 0; i < tokens.length; i += 2) answers.push(...(await Promise.all(tokens.slice(i, i + 2).map(press))));
    })();
    await waitFor(() => answers.length >= 2, 'the first presses');
    const { forced } = await shutdownGracefully({ app: holder.app, io: holder.io, graceMs: 5000, closeDatabase: async () => undefined });
    await pressing;

    expect(forced).toBe(false);
    expect(answers.map((a) => a.status)).toEqual(tokens.map(() => 201));
    const ids = answers.map((a) => a.id!);
    await waitFor(() => screen!.connected && other.io.of('/').sockets.has(screen!.id!), 'the screen to reconnect through nginx to the instance still up');
    await waitFor(() => ids.every((id) => seen.has(id)), 'the screen to have every alarm pressed during the restart');
  });
});
