/**
 * Cross-instance alarm event latency (ADR 0005): builds two app instances on ONE
 * PostgreSQL database (in this process, each really listening on a port), connects a button-one
 * screen to each, and emits alarm events ('alarm.escalated', a real alarm card as payload) on
 * instance A. For every event it times A's own screen (the single-instance figure) and B's screen
 * (the cross-instance figure: through the adapter), and prints p50/p99 of both and their ratio,
 * for the PostgreSQL adapter (as the app uses it: publish first, never wait), the same adapter with its
 * stock order (local delivery waits for the NOTIFY), and the Redis adapter when --redis is given.
 *
 *   DATABASE_URL=postgres://…/bench npx tsx bench/adapter-latency.ts [--events 1000] [--burst 50]
 *                                     [--redis redis://127.0.0.1:6379]
 *
 * Two runs per adapter: `sequential` (one event at a time, --events of them) and `burst`
 * (--events in bursts of --burst emitted back to back: many alarms at once). The database is
 * migrated, and seeded when empty; the script reads and adds alarms only. Both instances run in
 * this process (they share its event loop, as two instances on one core would); the two screens
 * run in a child process (this script with --screens), which times each arrival against the send
 * time carried in the event (same machine clock) and reports over IPC. Exits by itself (5-minute
 * deadline).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { io as connect } from 'socket.io-client';
import { buildApp, type BuiltApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { manualClock } from '../src/server/lib/clock.js';
import { DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from '../src/server/seed/demo.js';
import type { SecurityAlert } from '../src/shared/contracts/security.js';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000' },
    burst: { type: 'string', default: '50' },
    redis: { type: 'string' },
    /** Internal: run as the screens' child process. */
    screens: { type: 'boolean', default: false },
  },
});
/** Milliseconds on the machine's clock, comparable between processes. */
const now = () => performance.timeOrigin + performance.now();
type Arrival = { where: 'local' | 'remote'; ms: number };

if (values.screens) {
  // Child: connect to A and B with the cookies given, report every arrival's latency.
  process.once('message', (m: { urls: [string, string]; cookie: string }) => {
    const sockets = m.urls.map((url, i) => {
      const s = connect(url, { transports: ['websocket'], extraHeaders: { cookie: m.cookie }, reconnection: false });
      const where = i === 0 ? 'local' : 'remote';
      s.on('security-escalated', (x: { benchSentAt: number }) => process.send!({ where, ms: now() - x.benchSentAt } satisfies Arrival));
      return s;
    });
    let up = 0;
    for (const s of sockets) s.once('connect', () => ++up === 2 && process.send!('ready'));
    process.once('disconnect', () => {
      for (const s of sockets) s.close();
    });
  });
}
const EVENTS = Math.min(100_000, Number(values.events));
const BURST = Math.max(1, Number(values.burst));
if (!values.screens && !process.env.DATABASE_URL) {
  console.error('bench: set DATABASE_URL (a PostgreSQL database of its own)');
  process.exit(2);
}
const deadline = setTimeout(() => {
  console.error('bench: 5-minute deadline reached, giving up');
  process.exit(1);
}, 300_000);
deadline.unref();

type Instance = BuiltApp & { database: Database; url: string };

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function instance(env: Record<string, string>): Promise<Instance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env, DATABASE_URL: process.env.DATABASE_URL! });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
  const built = await buildApp({ config, database, clock: manualClock(), serveWeb: false, pushTransport: { send: async () => undefined } });
  const url = await built.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...built, database, url };
}

/** Starts the screens' child process: one button-one screen on A, one on B; resolves once both are connected. */
async function screens(a: Instance, b: Instance): Promise<ChildProcess> {
  const res = await a.app.inject({ method: 'POST', url: '/api/society/login', payload: { email: 'security@greenvalley.test', password: DEMO_PASSWORD } });
  const cookie = `sd_session=${res.cookies.find((c) => c.name === 'sd_session')!.value}`;
  const child = fork(fileURLToPath(import.meta.url), ['--screens'], { execArgv: ['--import', 'tsx'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`screens process exited (${code})`)));
    child.send({ urls: [a.url, b.url], cookie });
  });
  return child;
}

/**
 * One alarm card as the screens receive it, raised through A (a real SOS press). The press answers
 * the resident's view (ZResidentAlarm), so the desk's card is read back as button-one reads it.
 */
async function alarmCard(a: Instance): Promise<SecurityAlert> {
  const login = await a.app.inject({ method: 'POST', url: '/api/resident/login', payload: { phone: '03000000055', password: DEMO_PASSWORD } });
  const authorization = `Bearer ${login.json<{ token: string }>().token}`;
  const res = await a.app.inject({ method: 'POST', url: '/api/security', headers: { authorization }, payload: { words: 'Bench alarm: smoke in the kitchen' } });
  const staff = await a.app.inject({ method: 'POST', url: '/api/society/login', payload: { email: 'security@greenvalley.test', password: DEMO_PASSWORD } });
  const cookie = `sd_session=${staff.cookies.find((c) => c.name === 'sd_session')!.value}`;
  const card = await a.app.inject({ method: 'GET', url: `/api/security/${res.json<{ _id: number }>()._id}`, headers: { cookie } });
  return card.json<SecurityAlert>();
}

interface Figures {
  local: number[];
  remote: number[];
}

/** Emits `EVENTS` events on A, `group` at a time; the screens' process times each one's arrival on A's and B's screen. */
async function run(a: Instance, child: ChildProcess, card: SecurityAlert, group: number): Promise<Figures> {
  const out: Figures = { local: [], remote: [] };
  let pending = 0;
  let wake = () => {};
  const onArrival = (m: Arrival) => {
    out[m.where].push(m.ms);
    if (--pending === 0) wake();
  };
  child.on('message', onArrival);
  for (let i = 0; i < EVENTS; i += group) {
    const n = Math.min(group, EVENTS - i);
    pending = 2 * n;
    const done = new Promise<void>((r) => (wake = r));
    for (let k = 0; k < n; k++) a.bus.emit('alarm.escalated', { societyId: 1, residentId: 1, item: { ...card, benchSentAt: now() } as SecurityAlert });
    await done;
  }
  child.off('message', onArrival);
  return out;
}

function report(label: string, f: Figures): void {
  const l = [...f.local].sort((x, y) => x - y);
  const r = [...f.remote].sort((x, y) => x - y);
  const ms = (v: number) => v.toFixed(2).padStart(7);
  console.log(
    `${label.padEnd(34)} local p50 ${ms(pct(l, 50))} p99 ${ms(pct(l, 99))} | cross p50 ${ms(pct(r, 50))} p99 ${ms(pct(r, 99))} ms | ratio p50 ${(pct(r, 50) / pct(l, 50)).toFixed(1)}× p99 ${(pct(r, 99) / pct(l, 99)).toFixed(1)}×`,
  );
}

async function bench(name: string, env: Record<string, string>, stockOrder = false): Promise<void> {
  const a = await instance(env);
  const b = await instance(env);
  try {
    if (stockOrder) {
      // Drop the app's publish-first override (an own property): the adapter's own broadcast remains.
      delete (a.io.of('/').adapter as unknown as Record<string, unknown>).broadcast;
    }
    const child = await screens(a, b);
    const card = await alarmCard(a);
    await run(a, child, card, 1); // warm-up (JIT, connections)
    report(`${name}, sequential (${EVENTS})`, await run(a, child, card, 1));
    report(`${name}, bursts of ${BURST}`, await run(a, child, card, BURST));
    child.disconnect();
  } finally {
    await a.app.close();
    await b.app.close();
    await a.database.close();
    await b.database.close();
  }
}

async function main(): Promise<void> {
  if (values.screens) return;
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await db.migrate();
  if (await isDatabaseEmpty(db.db)) await seedDemo(db.db);
  await db.close();
  console.log(`alarm event latency, instance A → its own screen (local) and B's screen (cross), ${EVENTS} events`);
  await bench('PostgreSQL adapter (publish first)', {});
  await bench('PostgreSQL adapter (stock order)', {}, true);
  if (values.redis) await bench('Redis adapter', { REDIS_URL: values.redis });
  clearTimeout(deadline);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
