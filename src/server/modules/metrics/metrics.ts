/**
 * Prometheus metrics of one app instance, served by routes.ts at GET /metrics.
 * Each `buildApp` has its own prom-client `Registry` (never the global default one), so several
 * apps in one process (tests, two instances) do not collide. Counters and histograms are fed by
 * narrow callbacks the other modules receive through their deps; gauges are read at scrape time.
 * With many instances each reports its own figures and Prometheus sums them.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Io } from '../../realtime/socket.js';

/** How a push delivery failed, as the outbox records it: retried later, or given up for good. */
export type PushFailure = 'retry' | 'dead';

/** What is read at scrape time (set once the socket and the repos exist: {@link AppMetrics.watch}). */
export interface ScrapeSources {
  /** Pending pushes of every society (one count on the owner connection). */
  outboxDepth(): Promise<number>;
  /** This instance's connected staff sockets by society id. */
  socketsBySociety(): ReadonlyMap<number, number>;
  /** Called when a source fails: the scrape still answers, with that gauge NaN. */
  onError(err: unknown, source: string): void;
}

/** Request latency buckets (seconds): 5 ms … 10 s. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Press-to-acknowledge buckets (seconds): 1 s … 30 min (escalation is ESCALATE_AFTER_S, 60 s by default). */
const ACK_BUCKETS = [1, 2, 5, 10, 15, 30, 45, 60, 90, 120, 300, 600, 1800];

/** `2xx` for 200…299 and so on: five label values, not one per status code. */
export const statusClass = (statusCode: number): string => `${Math.floor(statusCode / 100)}xx`;

/** Counts this instance's sockets (default namespace), staff and resident, by their session's society. */
export function localSocketsBySociety(io: Io): Map<number, number> {
  const counts = new Map<number, number>();
  for (const socket of io.sockets.sockets.values()) {
    const data = socket.data;
    const societyId = data.kind === 'staff' ? data.staff.societyId : data.resident.societyId;
    counts.set(societyId, (counts.get(societyId) ?? 0) + 1);
  }
  return counts;
}

/**
 * Creates the registry and its metrics (all named `society_desk_*`, times in seconds):
 * - `http_request_duration_seconds{method,route,status_class}`: route is Fastify's pattern
 *   (`/api/security/:id`), "unmatched" for a request no route took, so labels stay bounded;
 * - `alarm_press_to_ack_seconds`: first press to the recorded acknowledgement (injected clock);
 * - `outbox_pending` (gauge, at scrape) and `outbox_failures_total{outcome=retry|dead}`;
 * - `sockets_connected{society_id}` (gauge, at scrape, this instance's sockets, staff and resident);
 * - `job_runs_total{job}` and `job_failures_total{job}` (lib/interval-job.ts);
 * - with `processMetrics`, prom-client's default process and Node.js metrics (unprefixed:
 *   `process_cpu_seconds_total`, `nodejs_eventloop_lag_seconds`, …). They start a GC observer and
 *   an event-loop monitor that live as long as the process, so only an app that serves metrics
 *   (METRICS_TOKEN set) asks for them.
 */
export function createMetrics(opts: { processMetrics: boolean }) {
  const registry = new Registry();
  const registers = [registry];
  if (opts.processMetrics) collectDefaultMetrics({ register: registry });
  let sources: ScrapeSources | undefined;

  const httpDuration = new Histogram({
    name: 'society_desk_http_request_duration_seconds',
    help: 'HTTP request latency in seconds, by method, route pattern ("unmatched" when no route took it) and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const pressToAck = new Histogram({
    name: 'society_desk_alarm_press_to_ack_seconds',
    help: "Seconds from an alarm's first press to its recorded acknowledgement.",
    buckets: ACK_BUCKETS,
    registers,
  });
  const outboxFailures = new Counter({
    name: 'society_desk_outbox_failures_total',
    help: 'Failed push deliveries recorded by the outbox: outcome "retry" (tried again later) or "dead" (given up).',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of ['retry', 'dead'] satisfies PushFailure[]) outboxFailures.inc({ outcome }, 0);
  const jobRuns = new Counter({ name: 'society_desk_job_runs_total', help: 'Background job runs, by job.', labelNames: ['job'] as const, registers });
  const jobFailures = new Counter({
    name: 'society_desk_job_failures_total',
    help: 'Background job runs that threw, by job.',
    labelNames: ['job'] as const,
    registers,
  });
  const refused = new Counter({
    name: 'society_desk_requests_refused_total',
    help: 'Requests refused by admission control (503 busy), by what was saturated: inFlight, queue (database lane) or loop (event loop).',
    labelNames: ['reason'] as const,
    registers,
  });

  new Gauge({
    name: 'society_desk_outbox_pending',
    help: 'Pushes waiting in the outbox (status pending, every society), read at scrape time.',
    registers,
    async collect() {
      if (!sources) return;
      try {
        this.set(await sources.outboxDepth());
      } catch (err) {
        // Unknown, not 0 ("the outbox is empty"): the rest of the scrape still answers.
        this.set(Number.NaN);
        sources.onError(err, 'outbox depth');
      }
    },
  });
  new Gauge({
    name: 'society_desk_sockets_connected',
    help: 'Staff sockets connected to this instance, by society id (sum over instances for the total).',
    labelNames: ['society_id'] as const,
    registers,
    collect() {
      // Societies whose last socket left drop out instead of keeping their old count.
      this.reset();
      if (!sources) return;
      for (const [societyId, n] of sources.socketsBySociety()) this.set({ society_id: String(societyId) }, n);
    },
  });

  return {
    registry,
    /** Records one answered request; `seconds` is Fastify's `reply.elapsedTime / 1000`. */
    httpRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
      httpDuration.observe({ method, route: route ?? 'unmatched', status_class: statusClass(statusCode) }, seconds);
    },
    /** Records a first acknowledgement, `seconds` after the alarm's first press. */
    alarmAcknowledged(seconds: number): void {
      pressToAck.observe(Math.max(0, seconds));
    },
    /** Records a delivery failure the outbox wrote down. */
    pushFailed(outcome: PushFailure): void {
      outboxFailures.inc({ outcome });
    },
    /** Records one job run and whether it threw (lib/interval-job.ts `JobMetrics`). */
    jobRan(job: string, ok: boolean): void {
      jobRuns.inc({ job });
      if (!ok) jobFailures.inc({ job });
    },
    /** Records one request refused by admission control (plugins/admission.ts). */
    requestRefused(reason: 'inFlight' | 'queue' | 'loop'): void {
      refused.inc({ reason });
    },
    /** Sets what the scrape-time gauges read. */
    watch(s: ScrapeSources): void {
      sources = s;
    },
    /** The exposition text and its content type (Prometheus text format 0.0.4). */
    async scrape(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
export type AppMetrics = ReturnType<typeof createMetrics>;
