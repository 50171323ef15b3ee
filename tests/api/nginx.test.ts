/**
 * A real load balancer: nginx (scripts/cluster/nginx.ts, Debian's package) in front of
 * two instances on one PostgreSQL database. Through nginx: a staff sign-in sets its cookie, plain
 * requests are spread over both instances, and a WebSocket (upgrade through the proxy) hears an
 * SOS raised directly against either instance, with the browser's Origin being nginx's own.
 *
 * Runs only when DATABASE_URL is set (`npm run test:pg`). Skipped when nginx is not installed,
 * unless REQUIRE_NGINX=1 (as `.ci/run` sets): then it fails and says what to install.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { NGINX_BIN, startNginx, type NginxProcess } from '../../scripts/cluster/nginx.js';
import { freePort, useTwoInstances, waitFor, type Instance } from '../support/two-instances.js';
import { openStaffSocket } from '../support/staff-socket.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const requireNginx = process.env.REQUIRE_NGINX === '1';
const hasNginx = existsSync(NGINX_BIN);

describe.skipIf(!onPostgres || (!hasNginx && !requireNginx))('nginx in front of two instances on one PostgreSQL', () => {
  const t = useTwoInstances();
  let nginx: NginxProcess;
  let dir: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    if (!hasNginx) throw new Error(`REQUIRE_NGINX=1 but there is no nginx at ${NGINX_BIN}: install Debian's package (apt-get install nginx) or set NGINX_BIN`);
    dir = mkdtempSync(path.join(tmpdir(), 'society-desk-nginx-test-'));
    // One worker: its round robin alone decides which instance takes each request.
    nginx = await startNginx({ port: await freePort(), upstreams: [t.a.url, t.b.url].map((u) => new URL(u).host), dir, workerProcesses: 1 });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await nginx?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Signs a staff member in through nginx (a real HTTP request); returns the response. */
  const signInThroughNginx = (email: string) =>
    fetch(`${nginx.url}/api/society/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });

  /** The `sd_session=…` pair of a sign-in response's Set-Cookie. */
  const sessionCookie = (res: Response) => {
    const set = res.headers.getSetCookie().find((c) => c.startsWith('sd_session='));
    expect(set, 'Set-Cookie sd_session came back through nginx').toBeDefined();
    return set!.split(';')[0]!;
  };

  it('a staff sign-in through nginx returns its session cookie, which then works through nginx', async () => {
    const res = await signInThroughNginx('security@greenvalley.test');
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res);
    const alarms = await fetch(`${nginx.url}/api/security/alarms`, { headers: { cookie } });
    expect(alarms.status).toBe(200);
    expect(await alarms.json()).toHaveProperty('items');
    expect((await fetch(`${nginx.url}/api/security/alarms`)).status).toBe(401);
  });

  it('requests through nginx are spread over both instances', async () => {
    const served = { A: 0, B: 0 };
    const count = (i: Instance) => (req: { url?: string }) => void (req.url === '/api/health?via=nginx' && served[i.name]++);
    const listeners = [t.a, t.b].map((i) => [i, count(i)] as const);
    for (const [i, l] of listeners) i.app.server.on('request', l);
    try {
      for (let n = 0; n < 10; n++) expect((await fetch(`${nginx.url}/api/health?via=nginx`)).status).toBe(200);
    } finally {
      for (const [i, l] of listeners) i.app.server.off('request', l);
    }
    expect(served.A + served.B).toBe(10);
    expect(served.A, 'requests served by A').toBeGreaterThan(0);
    expect(served.B, 'requests served by B').toBeGreaterThan(0);
  });

  it('a WebSocket through nginx (Origin: nginx) hears the SOS raised against A and the one raised against B', async () => {
    const cookie = sessionCookie(await signInThroughNginx('security@greenvalley.test'));
    const screen = await openStaffSocket(nginx.url, { cookie, origin: nginx.url });
    sockets.push(screen);
    expect(screen.io.engine.transport.name).toBe('websocket');
    // Whichever instance nginx gave the socket to, exactly one holds it: one alarm below crosses.
    const holders = [t.a, t.b].filter((i) => i.io.of('/').sockets.has(screen.id!));
    expect(holders.map((i) => i.name)).toHaveLength(1);

    const heard: SecurityAlert[] = [];
    screen.on('receive-security', (alarm: SecurityAlert) => heard.push(alarm));
    const press = async (via: Instance, phone: string) => {
      const authorization = await t.residentAuth(via, phone);
      const res = await fetch(`${via.url}/api/security`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(201);
      return (await res.json()) as SecurityAlert;
    };
    const onA = await press(t.a, '03000000012');
    const onB = await press(t.b, '03000000013');
    expect(onA._id).not.toBe(onB._id);
    await waitFor(() => [onA, onB].every((raised) => heard.some((x) => x._id === raised._id)), 'the screen behind nginx to hear both alarms');
    expect(heard.find((x) => x._id === onA._id)).toMatchObject({ resident: { phoneNo: '03000000012' } });
    expect(heard.find((x) => x._id === onB._id)).toMatchObject({ resident: { phoneNo: '03000000013' } });
  });

  it("refuses a WebSocket through nginx whose Origin is another site's", async () => {
    const cookie = sessionCookie(await signInThroughNginx('security@greenvalley.test'));
    await expect(openStaffSocket(nginx.url, { cookie, origin: 'http://evil.test' })).rejects.toThrow('origin not allowed');
  });
});
