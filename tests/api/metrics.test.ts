import { count, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { outbox, staffUsers } from '../../src/server/db/schema.js';
import { intervalJob } from '../../src/server/lib/interval-job.js';
import { createMetrics } from '../../src/server/modules/metrics/metrics.js';
import { outboxRepo, type PushPayload } from '../../src/server/modules/outbox/repo.js';
import { outboxWorker } from '../../src/server/modules/outbox/worker.js';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { useHarness } from './harness.js';
import { openStaffSocket } from '../support/staff-socket.js';
import { pressSos } from '../support/clients/security.js';

const TOKEN = 'metrics-test-token-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus text exposition (format 0.0.4) into samples; comment lines are skipped. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[k!] = v!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    const raw = m[3]!;
    samples.push({ name: m[1]!, labels, value: raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : Number(raw) });
  }
  return samples;
}

/**
 * GET /metrics: the bearer guard, then each metric moved by exactly what the
 * test did. Every figure is read as a difference from a scrape taken just before the action.
 */
describe('GET /metrics', () => {
  const h = useHarness({ METRICS_TOKEN: TOKEN, ESCALATE_AFTER_S: '600' });
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));

  /** Scrapes with the token; fails the test unless 200. */
  async function scrape(): Promise<Sample[]> {
    const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return parseExposition(res.body);
  }
  /** The value of the one sample `name` whose labels include `labels`; 0 when there is none (a counter not yet touched). */
  function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
    const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
    if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
    return found[0]?.value ?? 0;
  }
  const read = async (name: string, labels: Record<string, string> = {}) => value(await scrape(), name, labels);

  it('answers 404 while METRICS_TOKEN is unset (metrics off)', async () => {
    const off = await buildApp({
      config: { ...h.config, METRICS_TOKEN: undefined },
      database: h.database,
      serveWeb: false,
      pushTransport: { send: async () => undefined },
    });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404 });
    } finally {
      await off.app.close();
    }
  });

  it('answers 401 without the right bearer token, 200 in Prometheus text format with it, and is not in the API docs', async () => {
    const wrong = [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ', `Basic ${TOKEN}`, TOKEN];
    for (const authorization of wrong) {
      const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('society_desk_');
    }
    // A staff session is no key to it.
    const cookie = await h.staffCookie('super-admin@greenvalley.test');
    expect((await h.app.inject({ method: 'GET', url: '/metrics', headers: { cookie } })).statusCode).toBe(401);

    const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(h.metrics.registry.contentType);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const samples = parseExposition(res.body);
    const names = new Set(samples.map((s) => s.name));
    // prom-client's default process metrics are there too.
    for (const n of ['process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds', 'society_desk_outbox_pending']) expect(names).toContain(n);
    expect(Object.keys(h.app.swagger().paths ?? {})).not.toContain('/metrics');
  });

  it('times requests by route pattern and status class: exactly one count per request, unmatched URLs under "unmatched"', async () => {
    const H = 'society_desk_http_request_duration_seconds_count';
    const health = { method: 'GET', route: '/api/health', status_class: '2xx' };
    const byId = { method: 'GET', route: '/api/security/:id', status_class: '4xx' };
    const unmatched = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    const before = await scrape();

    for (let i = 0; i < 3; i++) expect((await h.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // Guarded, no cookie: 401 under its pattern, never its raw URL.
    for (const id of [987_654, 987_655]) expect((await h.app.inject({ method: 'GET', url: `/api/security/${id}` })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/api/no-such-route-4711' })).statusCode).toBe(404);

    const after = await scrape();
    expect(value(after, H, health) - value(before, H, health)).toBe(3);
    expect(value(after, H, byId) - value(before, H, byId)).toBe(2);
    expect(value(after, H, unmatched) - value(before, H, unmatched)).toBe(1);
    const routes = new Set(after.filter((s) => s.name === H).map((s) => s.labels.route));
    expect([...routes].filter((r) => /987654|987655|4711/.test(r ?? ''))).toEqual([]);
    // The sum moved by real, non-negative seconds.
    expect(value(after, 'society_desk_http_request_duration_seconds_sum', health)).toBeGreaterThanOrEqual(
      value(before, 'society_desk_http_request_duration_seconds_sum', health),
    );
  });

  it('observes the first-press-to-acknowledgement time of an alarm once, by the injected clock', async () => {
    const before = await scrape();
    const authorization = await h.residentAuth('03000000051');
    const pressed = await pressSos(h.app, authorization);
    expect(pressed.statusCode).toBe(201);
    const alarm = pressed.json<SecurityAlert>();
    h.clock.advance(4_000);
    // A second press merges into the alarm: the time still runs from the first.
    expect((await pressSos(h.app, authorization)).statusCode).toBe(201);
    h.clock.advance(3_250);

    const cookie = await h.staffCookie('security@greenvalley.test');
    const ack = () => h.app.inject({ method: 'POST', url: `/api/security/${alarm._id}/acknowledge`, headers: { cookie } });
    expect((await ack()).statusCode).toBe(200);
    h.clock.advance(5_000);
    expect((await ack()).statusCode).toBe(200); // recorded once: not observed again

    const after = await scrape();
    const delta = (n: string, labels: Record<string, string> = {}) => value(after, n, labels) - value(before, n, labels);
    expect(delta('society_desk_alarm_press_to_ack_seconds_count')).toBe(1);
    expect(delta('society_desk_alarm_press_to_ack_seconds_sum')).toBeCloseTo(7.25, 6);
    expect(delta('society_desk_alarm_press_to_ack_seconds_bucket', { le: '5' })).toBe(0);
    expect(delta('society_desk_alarm_press_to_ack_seconds_bucket', { le: '10' })).toBe(1);
  });

  it('reports the outbox depth (pending pushes of every society) at scrape time', async () => {
    // Drain what is due, so nothing the app queued moves between the scrapes below.
    await h.outbox.poke();
    const baseline = await read('society_desk_outbox_pending');
    const notDue = new Date(h.clock.now().getTime() + 3_600_000);
    const payload: PushPayload = { to: 'depth-test-token', residentId: 1, title: 'depth', body: 'depth' };
    await h.database.db.insert(outbox).values([
      { societyId: 1, kind: 'push', payload, attempts: 1, availableAt: notDue },
      { societyId: 1, kind: 'push', payload, attempts: 2, availableAt: notDue },
      { societyId: 2, kind: 'push', payload, attempts: 1, availableAt: notDue },
      { societyId: 1, kind: 'push', payload, status: 'sent', sentAt: h.clock.now() },
      { societyId: 2, kind: 'push', payload, status: 'failed', attempts: 8 },
    ]);
    const depth = await read('society_desk_outbox_pending');
    expect(depth).toBe(baseline + 3);
    const [pending] = await h.database.db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'pending'));
    expect(depth).toBe(pending!.n);
  });

  it('a scrape-time source that fails reports NaN (unknown, not 0) and the rest of the scrape still answers', async () => {
    const m = createMetrics({ processMetrics: false });
    const errors: string[] = [];
    m.watch({
      outboxDepth: () => Promise.reject(new Error('database down')),
      socketsBySociety: () => new Map([[7, 2]]),
      onError: (_err, source) => void errors.push(source),
    });
    const samples = parseExposition((await m.scrape()).body);
    expect(value(samples, 'society_desk_outbox_pending')).toBeNaN();
    expect(value(samples, 'society_desk_sockets_connected', { society_id: '7' })).toBe(2);
    expect(errors).toEqual(['outbox depth']);
  });

  it('counts the failures the outbox records: retried ones and dead ones', async () => {
    await h.outbox.poke();
    const F = 'society_desk_outbox_failures_total';
    const before = await scrape();
    const payload = (title: string): PushPayload => ({ to: `token-${title}`, residentId: 1, title, body: 'failure test' });
    await h.database.db.insert(outbox).values(['fail:retry', 'fail:rejected', 'fail:ok'].map((t) => ({ societyId: 1, kind: 'push', payload: payload(t) })));
    // A worker of the test's own, reporting to the app's metrics, with a transport that fails on cue.
    const worker = outboxWorker({
      repo: outboxRepo(h.database.db, h.clock),
      log: h.app.log,
      clock: h.clock,
      pollMs: 60_000,
      metrics: h.metrics,
      transport: {
        async send(p) {
          if (p.title === 'fail:retry') throw new Error('push service down');
          if (p.title === 'fail:rejected') return { status: 'rejected', error: 'bad message' };
        },
      },
    });
    await worker.poke();
    const statusOf = async (title: string) =>
      (
        await h.database.db
          .select({ status: outbox.status })
          .from(outbox)
          .where(sql`${outbox.payload}->>'title' = ${title}`)
      )[0]?.status;
    expect([await statusOf('fail:retry'), await statusOf('fail:rejected'), await statusOf('fail:ok')]).toEqual(['pending', 'failed', 'sent']);

    const after = await scrape();
    expect(value(after, F, { outcome: 'retry' }) - value(before, F, { outcome: 'retry' })).toBe(1);
    expect(value(after, F, { outcome: 'dead' }) - value(before, F, { outcome: 'dead' })).toBe(1);
    expect(value(after, 'society_desk_job_runs_total', { job: 'outbox' }) - value(before, 'society_desk_job_runs_total', { job: 'outbox' })).toBe(1);
  });

  it('counts job runs and failures by job', async () => {
    const R = 'society_desk_job_runs_total';
    const F = 'society_desk_job_failures_total';
    const before = await scrape();
    await h.jobs.escalation.runOnce();
    await h.jobs.arrival.runOnce();
    let calls = 0;
    const failing = intervalJob(
      'metrics-test-failing',
      60_000,
      async () => {
        if (++calls === 1) throw new Error('job broke');
      },
      { error: () => undefined },
      h.metrics,
    );
    await failing.runOnce();
    await failing.runOnce();

    const after = await scrape();
    const delta = (n: string, job: string) => value(after, n, { job }) - value(before, n, { job });
    expect(delta(R, 'escalation')).toBe(1);
    expect(delta(F, 'escalation')).toBe(0);
    expect(delta(R, 'arrival')).toBe(1);
    expect(delta(R, 'metrics-test-failing')).toBe(2);
    expect(delta(F, 'metrics-test-failing')).toBe(1);
  });

  it("counts this instance's connected sockets by society, and drops them when they leave", async () => {
    const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const [gv] = await h.database.db.select({ societyId: staffUsers.societyId }).from(staffUsers).where(eq(staffUsers.email, 'security@greenvalley.test'));
    const society = { society_id: String(gv!.societyId) };
    const [lc] = await h.database.db.select({ societyId: staffUsers.societyId }).from(staffUsers).where(eq(staffUsers.email, 'security@lakecity.test'));
    const lakeCity = { society_id: String(lc!.societyId) };
    const G = 'society_desk_sockets_connected';
    const start = await scrape();
    const before = value(start, G, society);

    const open = async (email: string) => {
      const s = await openStaffSocket(url, { cookie: await h.staffCookie(email) });
      sockets.push(s);
      return s;
    };
    const a = await open('security@greenvalley.test');
    await open('complaints@greenvalley.test');
    const other = await open('security@lakecity.test');
    const samples = await scrape();
    expect(value(samples, G, society)).toBe(before + 2);
    expect(value(samples, G, lakeCity) - value(start, G, lakeCity)).toBe(1);

    a.close();
    other.close();
    // The server sees the close a moment later: wait for that condition, not a fixed time.
    await vi.waitFor(
      async () => {
        const now = await scrape();
        expect(value(now, G, society)).toBe(before + 1);
        // A society whose last socket here left is no longer counted (not frozen at its old count).
        expect(value(now, G, lakeCity)).toBe(value(start, G, lakeCity));
      },
      { timeout: 5_000, interval: 20 },
    );
  });
});
