/**
 * Admission control: alarms first when the instance or its database is overloaded.
 *
 * Every request is classed by its route's `config.admission`:
 * - `'always'` — the alarm path (the SOS press, its acknowledgement, the alarm inbox) and the
 *   health check: always admitted, never counted, never dropped (a press whose phone lost its
 *   connection is still stored).
 * - the web app's files and everything else outside `/api/`: always served (no database work).
 * - any other API route — admitted only while the instance is not saturated; otherwise refused at
 *   once, before authentication or any query, with 503, `Retry-After` and MSG.busy. Saturated
 *   means any of: {@link AdmissionLimits.maxInFlight} such requests already running here; the main
 *   database lane has {@link AdmissionLimits.maxQueue} checkouts waiting for a connection; the event
 *   loop's delay (p99 over the last {@link LOOP_SAMPLE_MS}) is over
 *   {@link AdmissionLimits.maxLoopDelayMs}.
 *
 * Every request runs inside a request context (lib/request-context.ts; where a guard records a
 * session it let in from the cache, for the request's first query to confirm). An admitted
 * request's context has a signal that aborts
 * when its response is closed: its client went away, or it was answered (also by the handler
 * timeout, REQUEST_TIMEOUT_MS) while work went on; the database pools then refuse it a
 * connection (a read at any query, a write before its first), so work nobody waits for is
 * dropped before its queries run, and an overloaded instance drains quickly once the load stops.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { MSG } from '../../shared/messages.js';
import type { LaneLoad } from '../db/client.js';
import { runInRequest } from '../lib/request-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `'always'`: the route is admitted even when the instance is saturated (the alarm path, health). */
    admission?: 'always';
  }
}

/** How often (ms) the event loop's delay is read and the histogram reset. */
export const LOOP_SAMPLE_MS = 250;
/** Share of a window the event loop must have been running callbacks for its lag to count. */
const BUSY_UTILIZATION = 0.5;

export interface AdmissionLimits {
  /** Non-alarm requests running at once on this instance. */
  maxInFlight: number;
  /** Main-lane checkouts waiting for a database connection. */
  maxQueue: number;
  /** While checkouts wait, the recent average wait (ms) for a connection above which to refuse. */
  maxQueueWaitMs: number;
  /** Event-loop delay (ms, p99 of the last sample) above which the instance counts as saturated. */
  maxLoopDelayMs: number;
  /** Seconds a refused client is told to wait (`Retry-After`). */
  retryAfterS: number;
}

export interface AdmissionState {
  /** Non-alarm requests running now. */
  inFlight(): number;
  /** Whether the last event-loop sample counted as saturated. */
  loopSaturated(): boolean;
  /** Requests refused so far (by reason). */
  refused(): Readonly<Record<'inFlight' | 'queue' | 'loop', number>>;
}

/**
 * Registers the admission hook on `app` (before any route, so it runs before every guard).
 * @param lane the main database lane's load, read per request
 * @param onRefused called once per refused request (metrics)
 */
export function registerAdmission(
  app: FastifyInstance,
  limits: AdmissionLimits,
  lane: () => LaneLoad,
  onRefused?: (reason: 'inFlight' | 'queue' | 'loop') => void,
): AdmissionState {
  let inFlight = 0;
  const refused = { inFlight: 0, queue: 0, loop: 0 };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let loopDelayed = false;
  let lastTick = performance.now();
  let lastUse = performance.eventLoopUtilization();
  let lagged = false;
  const sampler = setInterval(() => {
    // The lag is the histogram's p99, or this timer's own lateness (a loop blocked for a whole
    // window records no sample at all). Saturated means lagging in two windows in a row (a single
    // long pause, one garbage collection, is not overload) while the loop itself was busy for most
    // of the window (a process starved of CPU by others while idle is not overloaded by requests,
    // and refusing them would not help).
    const now = performance.now();
    const lateMs = now - lastTick - LOOP_SAMPLE_MS;
    lastTick = now;
    const use = performance.eventLoopUtilization(lastUse);
    lastUse = performance.eventLoopUtilization();
    const lagging = Math.max(loop.percentile(99) / 1e6, lateMs) > limits.maxLoopDelayMs && use.utilization > BUSY_UTILIZATION;
    loopDelayed = lagging && lagged;
    lagged = lagging;
    loop.reset();
  }, LOOP_SAMPLE_MS);
  sampler.unref();
  app.addHook('onClose', async () => {
    clearInterval(sampler);
    loop.disable();
  });

  app.addHook('onRequest', (req, reply, done) => {
    // The web app's files (and the docs) read no database: refusing them would stop a security
    // screen from loading, or a lazy chunk such as the sign-in form, while the API sheds load.
    // Their context has no signal: their work is never dropped.
    if (req.routeOptions.config?.admission === 'always' || !req.url.startsWith('/api/')) return runInRequest(undefined, false, done);
    const load = lane();
    const queued = load.waiting >= limits.maxQueue || (load.waiting > 0 && load.waitMs > limits.maxQueueWaitMs);
    const reason = inFlight >= limits.maxInFlight ? 'inFlight' : queued ? 'queue' : loopDelayed ? 'loop' : undefined;
    if (reason) {
      refused[reason]++;
      onRefused?.(reason);
      void reply.code(503).header('retry-after', String(limits.retryAfterS)).send({ statusCode: 503, error: 'Service Unavailable', message: MSG.busy });
      return;
    }
    inFlight++;
    // The response's 'close' comes when it has been sent or when the connection dropped first:
    // either way nobody waits for more work. (Fastify's request.signal follows the REQUEST
    // stream, whose 'close' on Node 20 only means its body has been read.)
    const gone = new AbortController();
    reply.raw.once('close', () => {
      inFlight--;
      gone.abort();
    });
    runInRequest(gone.signal, req.method === 'GET' || req.method === 'HEAD', done);
  });

  return { inFlight: () => inFlight, loopSaturated: () => loopDelayed, refused: () => ({ ...refused }) };
}
