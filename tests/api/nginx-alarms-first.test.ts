/**
 * Alarms first at the load balancer: the nginx configuration (scripts/cluster/nginx.ts) caps the
 * requests in flight per instance outside the alarm path (`maxConns`) and answers the rest itself
 * with the app's busy 503, while the SOS press, its acknowledgement, the alarm inbox, the
 * health check, the web app's files and media go through whatever else is running.
 *
 * The upstreams are two plain HTTP servers standing in for instances: they hold every list
 * request until the test lets it go, so "both instances are full" is a state the test sets, not
 * a race. Skipped when nginx is not installed, unless REQUIRE_NGINX=1 (as `.ci/run` sets).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { NGINX_BIN, startNginx, type NginxProcess } from '../../scripts/cluster/nginx.js';
import { freePort, waitFor } from '../support/two-instances.js';

const requireNginx = process.env.REQUIRE_NGINX === '1';
const hasNginx = existsSync(NGINX_BIN);

/** A stand-in instance: answers at once, except list reads (`GET /api/complain…`), which it holds. */
interface FakeInstance {
  server: Server;
  host: string;
  /** Every request it received, as "METHOD /path?query". */
  seen: string[];
  /** Held list responses, answered by `releaseAll`. */
  held: ServerResponse[];
  releaseAll(): void;
}

async function fakeInstance(): Promise<FakeInstance> {
  const f = { seen: [] as string[], held: [] as ServerResponse[] } as FakeInstance;
  f.server = createServer((req: IncomingMessage, res: ServerResponse) => {
    f.seen.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => {
      if (req.method === 'GET' && req.url?.startsWith('/api/complain')) return void f.held.push(res);
      res.writeHead(req.method === 'POST' && req.url === '/api/security' ? 201 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, url: req.url }));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => f.server.listen(port, '127.0.0.1', resolve));
  f.host = `127.0.0.1:${port}`;
  f.releaseAll = () => {
    for (const res of f.held.splice(0)) res.writeHead(200, { 'content-type': 'application/json' }).end('{"items":[]}');
  };
  return f;
}

describe.skipIf(!hasNginx && !requireNginx)('nginx in front of the instances: alarms first', () => {
  let nginx: NginxProcess;
  let dir: string;
  let a: FakeInstance;
  let b: FakeInstance;
  const pending: Promise<Response>[] = [];

  beforeAll(async () => {
    if (!hasNginx) throw new Error(`REQUIRE_NGINX=1 but there is no nginx at ${NGINX_BIN}: install Debian's package (apt-get install nginx) or set NGINX_BIN`);
    dir = mkdtempSync(path.join(tmpdir(), 'society-desk-nginx-alarms-'));
    [a, b] = await Promise.all([fakeInstance(), fakeInstance()]);
    nginx = await startNginx({ port: await freePort(), upstreams: [a.host, b.host], dir, workerProcesses: 1, maxConns: 1 });
  });
  afterAll(async () => {
    a?.releaseAll();
    b?.releaseAll();
    await Promise.allSettled(pending);
    await nginx?.stop();
    await Promise.all([a, b].map((f) => f && new Promise((r) => f.server.close(r))));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const seenAll = () => [...a.seen, ...b.seen];

  it('with every instance holding its one list request, nginx refuses the next list itself (503, Retry-After, the busy message) and still passes the alarm path', async () => {
    // One held list per instance fills both (maxConns 1).
    for (const n of [1, 2]) pending.push(fetch(`${nginx.url}/api/complain?stage=new&page=${n}`));
    await waitFor(() => a.held.length === 1 && b.held.length === 1, 'each instance to hold one list request');

    const refused = await fetch(`${nginx.url}/api/complain?stage=new&page=3`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(await refused.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: MSG.busy });
    // The staff desk's list of alarms is a list like any other: capped too.
    expect((await fetch(`${nginx.url}/api/security?stage=new&page=1`)).status).toBe(503);
    expect(seenAll().filter((s) => s.includes('page=3') || s.startsWith('GET /api/security?'))).toEqual([]);

    // The alarm path and the health check reach an instance although both are full.
    const press = await fetch(`${nginx.url}/api/security`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(press.status).toBe(201);
    const ack = await fetch(`${nginx.url}/api/security/42/acknowledge`, { method: 'POST' });
    expect(ack.status).toBe(200);
    expect((await fetch(`${nginx.url}/api/security/alarms`)).status).toBe(200);
    expect((await fetch(`${nginx.url}/api/health`)).status).toBe(200);
    // So do the web app's files and media: a page's many files load together.
    for (const file of ['/', '/assets/index-abc123.js', '/media/0b7e6f0e-3f51-4a43-9d2f-3c1c2b8a9a10'])
      expect((await fetch(nginx.url + file)).status).toBe(200);
    expect(seenAll()).toEqual(
      expect.arrayContaining([
        'POST /api/security',
        'POST /api/security/42/acknowledge',
        'GET /api/security/alarms',
        'GET /api/health',
        'GET /assets/index-abc123.js',
      ]),
    );
  });

  it('once the held lists are answered, lists are passed on again', async () => {
    a.releaseAll();
    b.releaseAll();
    for (const res of await Promise.all(pending.splice(0))) expect(res.status).toBe(200);
    const next = fetch(`${nginx.url}/api/complain?stage=new&page=4`);
    pending.push(next);
    await waitFor(() => seenAll().includes('GET /api/complain?stage=new&page=4'), 'the next list to reach an instance');
    a.releaseAll();
    b.releaseAll();
    expect((await next).status).toBe(200);
  });
});
