/**
 * One scenario of bench/alarm-latency.ts: S screens spread over the running instances, then
 * W warm-up alarms (not counted) and N measured ones, one at a time. Each press goes to instance
 * A; the bench waits until every screen has the alarm's event (or a timeout), acknowledges it on A
 * — a resident's press while their alarm is open would merge into it, and a resident may press at
 * most SOS_MAX_PRESSES_PER_MINUTE times: presses rotate over several residents — and waits until
 * every screen heard the acknowledgement, so the next press does not queue behind that fan-out.
 */
import { pct } from '../list-scale/load.js';
import { monotonicUs, processCpuMs } from './profile.js';
import { clockMs } from './protocol.js';
import type { ClientPool } from './pool.js';
import type { ClientKind } from './protocol.js';

/** Longest wait for every screen to get one alarm's event before it counts as missing. */
const DELIVERY_TIMEOUT_MS = 5000;

export interface ScenarioOptions {
  /** Instance URLs; presses and acknowledgements go to the first (A). */
  urls: readonly string[];
  screens: number;
  alarms: number;
  warmup: number;
  /** Pause after each alarm's acknowledgement reached every screen (ms). */
  gapMs: number;
  /** Bearer values of the residents who press, in rotation. */
  residents: readonly string[];
  staffCookie: string;
  client: ClientKind;
  /** Process ids of the instances (same order as `urls`), for their CPU time. */
  pids: readonly (number | undefined)[];
}

export interface Figures {
  p50: number;
  p99: number;
  max: number;
}

export interface ScenarioResult {
  instances: number;
  screens: number;
  alarms: number;
  /** Screens × alarms, and how many of those events arrived within DELIVERY_TIMEOUT_MS. */
  expected: number;
  delivered: number;
  /** Press (request sent) to event, over every delivery (ms). */
  all: Figures;
  /** Over the slowest screen of each alarm (ms). */
  lastScreen: Figures;
  /** By instance the screens were on (A, B, …): over their deliveries (ms). */
  byInstance: Figures[];
  /** Press request to its HTTP response (ms). */
  response: Figures;
  /** Alarms whose acknowledgement did not reach every screen in time. */
  ackMissing: number;
  /** CPU time (user + system) each instance used per measured alarm, press and acknowledgement with both fan-outs (ms; NaN without /proc). */
  serverCpuMsPerAlarm: number[];
  /** CPU time the client workers used per alarm (warm-up included; ms): high values mean the screens' own process limits the figures. */
  clientCpuMsPerAlarm: number;
  /** The measured phase on the monotonic clock (µs), for the CPU profile window. */
  windowUs: [number, number];
}

const figures = (values: number[]): Figures => {
  const s = [...values].sort((a, b) => a - b);
  return { p50: pct(s, 50), p99: pct(s, 99), max: s.at(-1) ?? Number.NaN };
};

async function post(url: string, headers: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
}

/** Runs one scenario with `pool`'s screens (connected and disconnected here). @throws on a failed press or acknowledgement. */
export async function runScenario(pool: ClientPool, o: ScenarioOptions): Promise<ScenarioResult> {
  const [a] = o.urls;
  const conn = await pool.connect(o.urls, o.screens, o.staffCookie, o.client);
  if (conn.failed > 0) throw new Error(`${conn.failed} of ${o.screens} screens failed to connect: ${conn.errors.join('; ')}`);
  const all: number[] = [];
  const last: number[] = [];
  const byInstance: number[][] = o.urls.map(() => []);
  const response: number[] = [];
  let delivered = 0;
  let ackMissing = 0;
  let cpuStart: (number | undefined)[] = [];
  let windowStart = monotonicUs();
  try {
    for (let i = 0; i < o.warmup + o.alarms; i++) {
      const measured = i >= o.warmup;
      if (i === o.warmup) {
        windowStart = monotonicUs();
        cpuStart = o.pids.map(processCpuMs);
      }
      const pressedAt = clockMs();
      const res = await post(`${a}/api/security`, { authorization: o.residents[i % o.residents.length]! });
      const answeredAt = clockMs();
      if (res.status !== 201) throw new Error(`SOS press ${i}: HTTP ${res.status} ${await res.text()}`);
      const { _id } = (await res.json()) as { _id: number };
      const got = await pool.alarm(_id, o.urls.length, DELIVERY_TIMEOUT_MS);
      if (measured) {
        response.push(answeredAt - pressedAt);
        let slowest = 0;
        got.times.forEach((ts, t) => {
          for (const at of ts) {
            const ms = at - pressedAt;
            all.push(ms);
            byInstance[t]!.push(ms);
            slowest = Math.max(slowest, ms);
          }
        });
        delivered += got.times.reduce((s, ts) => s + ts.length, 0);
        last.push(slowest);
      }
      const ack = await post(`${a}/api/security/${_id}/acknowledge`, { cookie: o.staffCookie });
      if (ack.status !== 200) throw new Error(`acknowledge ${_id}: HTTP ${ack.status} ${await ack.text()}`);
      if (!(await pool.acknowledged(_id, DELIVERY_TIMEOUT_MS)) && measured) ackMissing++;
      if (o.gapMs > 0) await new Promise((r) => setTimeout(r, o.gapMs));
    }
  } catch (err) {
    await pool.disconnect();
    throw err;
  }
  const windowEnd = monotonicUs();
  const cpuEnd = o.pids.map(processCpuMs);
  const clientCpuMs = await pool.disconnect();
  return {
    instances: o.urls.length,
    screens: o.screens,
    alarms: o.alarms,
    expected: o.screens * o.alarms,
    delivered,
    all: figures(all),
    lastScreen: figures(last),
    byInstance: byInstance.map(figures),
    response: figures(response),
    ackMissing,
    serverCpuMsPerAlarm: o.pids.map((_, k) => ((cpuEnd[k] ?? Number.NaN) - (cpuStart[k] ?? Number.NaN)) / o.alarms),
    clientCpuMsPerAlarm: clientCpuMs / (o.alarms + o.warmup),
    windowUs: [windowStart, windowEnd],
  };
}
