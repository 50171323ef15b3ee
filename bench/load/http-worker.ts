/**
 * A worker process of bench/load.ts: runs one open-loop HTTP stream ({@link StreamSpec}) with
 * node:http keep-alive connections and sends back every 2xx latency and every error by kind.
 * Started with an IPC channel; receives one 'run' and answers 'done' (or 'failed'); the bench
 * stops it afterwards.
 *
 * Latency is measured from each request's due time (not from when it was written), so a slow
 * server, a queue in the connection pool or a late scheduler all show up in the figures.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { pct } from '../list-scale/load.js';
import {
  epochMs,
  type AlarmRecord,
  type HttpWorkerIn,
  type HttpWorkerOut,
  type LabelRecord,
  type RequestTemplate,
  type StreamResult,
  type StreamSpec,
} from './protocol.js';

interface Answer {
  /** Set when the request got an answer (any status). */
  status?: number;
  body: string;
  /** 'timeout' or 'socket <code>' when there was no answer. */
  error?: string;
  /** Epoch ms when the request was handed to the socket ('finish'); undefined if never. */
  writtenAt?: number;
  /** nginx's busy answer marks itself (scripts/cluster/nginx.ts). */
  byProxy?: boolean;
}

function send(
  agent: http.Agent,
  base: URL,
  t: Pick<RequestTemplate, 'method' | 'path' | 'headers' | 'body'>,
  timeoutMs: number,
  keepBody: boolean,
): Promise<Answer> {
  return new Promise((resolve) => {
    let timedOut = false;
    let writtenAt: number | undefined;
    const headers = { ...t.headers, ...(t.body !== undefined && { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(t.body)) }) };
    const req = http.request({ agent, host: base.hostname, port: base.port, method: t.method, path: t.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => keepBody && chunks.push(c));
      const byProxy = res.headers['x-refused-by'] === 'proxy';
      res.on('end', () => (clearTimeout(timer), resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString(), writtenAt, byProxy })));
      res.on('error', () => (clearTimeout(timer), resolve({ body: '', error: timedOut ? 'timeout' : 'socket response aborted' })));
    });
    const timer = setTimeout(() => ((timedOut = true), req.destroy()), timeoutMs);
    req.on(
      'error',
      (err: NodeJS.ErrnoException) => (clearTimeout(timer), resolve({ body: '', error: timedOut ? 'timeout' : `socket ${err.code ?? err.message}` })),
    );
    req.once('finish', () => (writtenAt = epochMs()));
    req.end(t.body);
  });
}

/** Runs `spec` to the end (every request answered, failed or timed out, acks included). */
export async function runStream(spec: StreamSpec): Promise<StreamResult> {
  const base = new URL(spec.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.maxSockets, scheduling: 'fifo' });
  const records = new Map<string, LabelRecord>();
  const record = (label: string) => {
    let r = records.get(label);
    if (!r) records.set(label, (r = { label, sent: 0, latencies: [], errors: {}, refused: [] }));
    return r;
  };
  const alarms: AlarmRecord[] = [];
  const lags: number[] = [];
  const inFlight = new Set<Promise<void>>();
  let lastAnswer = 0;

  /** Sends `t`, due at `dueAt`, and records the outcome under `label`; `then` sees 2xx bodies. */
  const fire = (label: string, t: Pick<RequestTemplate, 'method' | 'path' | 'headers' | 'body'>, dueAt: number, then?: (body: string) => void) => {
    const r = record(label);
    r.sent++;
    // The timeout counts from the due time: a request queued behind busy connections uses it up too.
    const left = Math.max(1, spec.timeoutMs - (epochMs() - dueAt));
    const p = send(agent, base, t, left, then !== undefined).then((a) => {
      const at = epochMs();
      lastAnswer = Math.max(lastAnswer, at);
      if (a.status !== undefined && a.status >= 200 && a.status < 300) {
        r.latencies.push(at - dueAt);
        then?.(a.body);
      } else {
        if (a.status === 503 || a.status === 429)
          r.refused.push({ ms: at - dueAt, by: a.byProxy ? 'proxy' : 'app', beforeWriteMs: (a.writtenAt ?? at) - dueAt });
        const kind = a.error ?? `HTTP ${a.status}`;
        r.errors[kind] = (r.errors[kind] ?? 0) + 1;
      }
    });
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  const ackCookies = spec.ack?.cookies ?? [];
  const ackedBySociety = ackCookies.map(() => 0);
  let created = 0;
  const onSos = (t: RequestTemplate, dueAt: number) => (body: string) => {
    const a = JSON.parse(body) as { _id: number; pressCount: number };
    const isNew = a.pressCount === 1;
    alarms.push([a._id, t.society, dueAt, isNew ? 1 : 0]);
    if (!spec.ack || !isNew) return;
    // Deterministic share: the first `share` of every 100 new alarms.
    if (created++ % 100 >= Math.round(spec.ack.share * 100)) return;
    const ackDue = epochMs() + spec.ack.delayMs;
    const ack = { method: 'POST' as const, path: `/api/security/${a._id}/acknowledge`, headers: { cookie: ackCookies[t.society]! } };
    const p = sleep(spec.ack.delayMs).then(() => fire('ack', ack, ackDue, () => ackedBySociety[t.society]!++));
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  const period = 1000 / spec.rate;
  const total = Math.floor(spec.rate * spec.durationS);
  for (let k = 0; k < total;) {
    for (; k < total && spec.startAt + k * period <= epochMs(); k++) {
      const dueAt = spec.startAt + k * period;
      const t = spec.requests[k % spec.requests.length]!;
      lags.push(epochMs() - dueAt);
      fire(t.label, t, dueAt, spec.ack ? onSos(t, dueAt) : undefined);
    }
    if (k < total) await sleep(Math.max(0, spec.startAt + k * period - epochMs()));
  }
  // Everything in flight ends by itself: each request has its timeout, each ack its delay.
  while (inFlight.size > 0) await Promise.all([...inFlight]);
  agent.destroy();
  lags.sort((a, b) => a - b);
  return { labels: [...records.values()], alarms, ackedBySociety, sendLag: { p99: pct(lags, 99), max: lags.at(-1) ?? 0 }, firstDue: spec.startAt, lastAnswer };
}

const reply = (m: HttpWorkerOut) => process.send!(m);
process.on('message', (m: HttpWorkerIn) => {
  if (m.kind !== 'run') return;
  runStream(m.spec).then(
    (result) => reply({ kind: 'done', result }),
    (err: unknown) => reply({ kind: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
  // Stays alive (its CPU time still counted) until the bench stops it.
});
reply({ kind: 'ready' });
