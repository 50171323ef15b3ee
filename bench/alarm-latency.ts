/**
 * Press-to-alarm latency: raises N SOS alarms through the resident API against a running server
 * while M button-one staff sockets are connected, and prints p50/p99 of the time from sending the
 * SOS request to each socket receiving 'receive-security' for it.
 *
 *   npx tsx bench/alarm-latency.ts [--url http://127.0.0.1:3000] [--sockets 1000] [--alarms 50]
 *                                  [--gap-ms 100] [--staff security@greenvalley.test]
 *                                  [--resident 03000000001]
 *
 * Goal (issue 3): p99 ≤ 50 ms with 1,000 sockets on this machine (2 cores). Loopback only; every
 * loop is bounded and the script exits by itself (a 60 s overall deadline).
 */
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT || 3000}` },
    sockets: { type: 'string', default: '1000' },
    alarms: { type: 'string', default: '50' },
    'gap-ms': { type: 'string', default: '100' },
    staff: { type: 'string', default: 'security@greenvalley.test' },
    resident: { type: 'string', default: '03000000001' },
    password: { type: 'string', default: 'demo-pass-1' },
  },
});
const base = values.url.replace(/\/+$/, '');
const M = Math.min(5000, Number(values.sockets));
const N = Math.min(1000, Number(values.alarms));
const gapMs = Number(values['gap-ms']);
const deadline = setTimeout(() => {
  console.error('bench: 60 s deadline reached, giving up');
  process.exit(1);
}, 60_000);

async function json<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ res: Response; body: T }> {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { res, body: (await res.json().catch(() => null)) as T };
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const login = await json<unknown>('/api/society/login', { email: values.staff, password: values.password });
  if (login.res.status !== 200) throw new Error(`staff sign-in failed: HTTP ${login.res.status}`);
  const cookie = (login.res.headers.get('set-cookie') ?? '').split(';')[0]!;
  // Presses by one resident while their alarm is unacknowledged merge into it, and a resident may
  // press at most SOS_MAX_PRESSES_PER_MINUTE times (default 10): the bench rotates over several
  // residents (from --resident upwards) and acknowledges each alarm after its event arrived.
  const first = Number(values.resident);
  const authorizations: string[] = [];
  for (let k = 0; k < Math.min(10, N); k++) {
    const phone = String(first + k).padStart(values.resident.length, '0');
    const resident = await json<{ token: string }>('/api/resident/login', { phone, password: values.password });
    if (resident.res.status !== 200) throw new Error(`resident ${phone} sign-in failed: HTTP ${resident.res.status}`);
    authorizations.push(`Bearer ${resident.body.token}`);
  }

  // alarm id → press time, and the latencies seen by every socket.
  const sentAt = new Map<number, number>();
  const early = new Map<number, number[]>(); // events that beat the HTTP response: receipt times
  const latencies: number[] = [];
  const sockets: Socket[] = [];
  const t0 = performance.now();
  for (let i = 0; i < M; i++) {
    const s = io(base, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
    s.on('receive-security', (a: { _id: number }) => {
      const now = performance.now();
      const t = sentAt.get(a._id);
      if (t === undefined) early.set(a._id, [...(early.get(a._id) ?? []), now]);
      else latencies.push(now - t);
    });
    sockets.push(s);
  }
  await Promise.all(sockets.map((s) => new Promise<void>((resolve, reject) => (s.connected ? resolve() : (s.once('connect', () => resolve()), s.once('connect_error', reject))))));
  console.log(`${M} staff sockets connected in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  for (let i = 0; i < N; i++) {
    const pressed = performance.now();
    const r = await json<{ _id: number }>('/api/security', {}, { authorization: authorizations[i % authorizations.length]! });
    if (r.res.status !== 201) throw new Error(`SOS ${i}: HTTP ${r.res.status}`);
    sentAt.set(r.body._id, pressed);
    for (const at of early.get(r.body._id) ?? []) latencies.push(at - pressed);
    early.delete(r.body._id);
    await new Promise((res) => setTimeout(res, gapMs));
    const ack = await fetch(`${base}/api/security/${r.body._id}/acknowledge`, { method: 'POST', headers: { cookie } });
    if (ack.status !== 200) throw new Error(`acknowledge ${r.body._id}: HTTP ${ack.status}`);
  }
  // Wait (bounded) for the last deliveries.
  const expected = M * N;
  for (let waited = 0; latencies.length < expected && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  sockets.forEach((s) => s.close());
  clearTimeout(deadline);

  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(`alarms: ${N}, sockets: ${M}, deliveries: ${latencies.length}/${expected}`);
  console.log(`press-to-event latency: p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`);
  if (latencies.length < expected) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
