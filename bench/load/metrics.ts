/**
 * Reads a few figures from an instance's GET /metrics (Prometheus text, METRICS_TOKEN) for
 * bench/load.ts: its connected staff sockets, requests finished, CPU seconds and event-loop lag. prom-client resets
 * its event-loop histogram at each scrape, so a scrape at the end reports the lag since the one
 * before. Best effort: undefined when the instance does not answer 200.
 */

/** Sum of every sample of `name` (all label sets), or undefined if absent. */
function sample(text: string, name: string): number | undefined {
  let sum: number | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== ' ' && line[name.length] !== '{')) continue;
    const v = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (Number.isFinite(v)) sum = (sum ?? 0) + v;
  }
  return sum;
}

export interface InstanceFigures {
  sockets?: number;
  /** HTTP requests this instance finished (every route and status) and their summed duration in s. */
  requests?: number;
  requestSeconds?: number;
  cpuSeconds?: number;
  eventLoopLagP99Ms?: number;
  eventLoopLagMaxMs?: number;
}

/** Scrapes `url`/metrics with the bearer `token`. */
export async function scrapeInstance(url: string, token: string): Promise<InstanceFigures | undefined> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) }).catch(() => undefined);
  if (!res || res.status !== 200) return undefined;
  const text = await res.text();
  const toMs = (v: number | undefined) => (v === undefined ? undefined : Math.round(v * 10_000) / 10);
  return {
    sockets: sample(text, 'society_desk_sockets_connected'),
    requests: sample(text, 'society_desk_http_request_duration_seconds_count'),
    requestSeconds: sample(text, 'society_desk_http_request_duration_seconds_sum'),
    cpuSeconds: sample(text, 'process_cpu_seconds_total'),
    eventLoopLagP99Ms: toMs(sample(text, 'nodejs_eventloop_lag_p99_seconds')),
    eventLoopLagMaxMs: toMs(sample(text, 'nodejs_eventloop_lag_max_seconds')),
  };
}

/**
 * Between two scrapes of an instance: the requests it finished (answered late included: the
 * server does not know the client gave up) and their mean server-side time, its CPU seconds, and
 * its event-loop lag since the first scrape.
 */
export function instanceDelta(a: InstanceFigures | undefined, b: InstanceFigures | undefined): Record<string, number> {
  if (!a || !b) return {};
  const out: Record<string, number> = {};
  if (a.requests !== undefined && b.requests !== undefined) out.requestsFinished = b.requests - a.requests;
  if (out.requestsFinished && a.requestSeconds !== undefined && b.requestSeconds !== undefined) {
    out.meanServerMs = Math.round(((b.requestSeconds - a.requestSeconds) / out.requestsFinished) * 10_000) / 10;
  }
  if (a.cpuSeconds !== undefined && b.cpuSeconds !== undefined) out.cpuSeconds = Math.round((b.cpuSeconds - a.cpuSeconds) * 10) / 10;
  if (b.eventLoopLagP99Ms !== undefined) out.eventLoopLagP99Ms = b.eventLoopLagP99Ms;
  if (b.eventLoopLagMaxMs !== undefined) out.eventLoopLagMaxMs = b.eventLoopLagMaxMs;
  return out;
}
