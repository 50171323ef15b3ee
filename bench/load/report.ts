/**
 * Figures of bench/load.ts: per stream and label the achieved rate, latency percentiles and
 * errors by kind; the alarm deliveries seen by the staff sockets; where the CPU went; and issue
 * 11's goal (0 errors, list p99 ≤ 100 ms). Printed, and written as JSON to bench/results/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pct } from '../list-scale/load.js';
import type { CpuUse } from './cpu.js';
import type { PgActivity } from './pg-activity.js';
import type { LabelRecord, SocketResult, StreamResult } from './protocol.js';

/** List p99 at most this many ms. */
export const LIST_P99_GOAL_MS = 100;
/** At about twice the first capacity: SOS p99 at most this many ms. */
export const SOS_P99_GOAL_MS = 50;
/** Overload (--overload): SOS p99 at most this; a list answered within ANSWER ms or refused within REFUSE ms; drained within DRAIN s. */
export const OVERLOAD_GOALS = { sosP99Ms: 100, answerMs: 100, refuseMs: 10, drainS: 2 };

/**
 * How the lists of an overload run ended: answered 2xx in time, refused (503/429) in time, or
 * neither; the neither split into answers that came late, refusals that came late (with the
 * slowest of each, ms) and the rest (other errors, time-outs, lost connections).
 */
export interface OverloadShares {
  sent: number;
  answeredInTime: number;
  refusedInTime: number;
  neither: number;
  lateAnswers: number;
  lateRefusals: number;
  otherFailures: number;
  slowestAnswerMs: number;
  slowestRefusalMs: number;
  /** Refusals by who answered (nginx or an instance): all, and those over the goal. */
  refusedBy: Record<'proxy' | 'app', { all: number; late: number }>;
  /**
   * Of the late refusals, how many were already late (over the goal) before the request was
   * written to its socket: the load generator's own delay on this machine, not the server's.
   */
  lateBeforeWrite: number;
}

/** Classifies every list request of `records` against {@link OVERLOAD_GOALS}. */
export function overloadShares(records: readonly LabelRecord[]): OverloadShares {
  const sent = records.reduce((a, r) => a + r.sent, 0);
  const answers = records.flatMap((r) => r.latencies);
  const refusals = records.flatMap((r) => r.refused.map((x) => x.ms));
  const answeredInTime = answers.filter((l) => l <= OVERLOAD_GOALS.answerMs).length;
  const refusedInTime = refusals.filter((l) => l <= OVERLOAD_GOALS.refuseMs).length;
  const lateAnswers = answers.length - answeredInTime;
  const lateRefusals = refusals.length - refusedInTime;
  const neither = sent - answeredInTime - refusedInTime;
  const refusedBy = { proxy: { all: 0, late: 0 }, app: { all: 0, late: 0 } };
  let lateBeforeWrite = 0;
  for (const { ms, by, beforeWriteMs } of records.flatMap((r) => r.refused)) {
    const late = ms > OVERLOAD_GOALS.refuseMs;
    refusedBy[by].all++;
    if (late) refusedBy[by].late++;
    if (late && beforeWriteMs > OVERLOAD_GOALS.refuseMs) lateBeforeWrite++;
  }
  return {
    refusedBy,
    lateBeforeWrite,
    sent,
    answeredInTime,
    refusedInTime,
    neither,
    lateAnswers,
    lateRefusals,
    otherFailures: neither - lateAnswers - lateRefusals,
    slowestAnswerMs: answers.reduce((a, b) => Math.max(a, b), 0),
    slowestRefusalMs: refusals.reduce((a, b) => Math.max(a, b), 0),
  };
}

/** CPU spent per list request, ms: the instances' and the bench database's PostgreSQL backends', over the load window. */
export interface ListCost {
  instancesMs: number;
  postgresMs: number;
  totalMs: number;
}

/**
 * CPU-ms per list request: cores used by the instances and by PostgreSQL (the bench database's
 * backends) × seconds, from the load's start until the instances drained their backlog (so
 * requests a client gave up on but the server still worked through count), divided by the list
 * requests sent. The SOS presses and
 * acknowledgements of the same window are included (they are a small share at the usual rates),
 * so compare runs of the same settings.
 */
export function listCost(cpu: CpuUse, listsSent: number): ListCost {
  const cores = (pred: (role: string) => boolean) =>
    Object.entries(cpu.cores)
      .filter(([k]) => pred(k))
      .reduce((a, [, v]) => a + v, 0);
  const ms = (c: number) => Math.round(((c * cpu.seconds * 1000) / Math.max(1, listsSent)) * 100) / 100;
  const inst = cores((k) => k.startsWith('instance '));
  const pg = cores((k) => k.startsWith('postgres (') && k !== 'postgres (other)');
  return { instancesMs: ms(inst), postgresMs: ms(pg), totalMs: ms(inst + pg) };
}

export interface Figures {
  label: string;
  sent: number;
  ok: number;
  /** 2xx answers per second, from the first due time to the last answer. */
  achievedPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** True when timeouts reach into p99: the true p99 is then only known to be ≥ the timeout. */
  p99AtLeast: boolean;
  errors: Record<string, number>;
  errorCount: number;
}

/**
 * Figures of the merged `records`, `seconds` from the first due time to the last answer.
 * Percentiles over 2xx answers and timed-out requests, a timeout counting as `timeoutMs` (it
 * waited at least that long), as bench/list-scale does; other errors are only counted.
 */
export function figures(label: string, records: readonly LabelRecord[], seconds: number, timeoutMs: number): Figures {
  const errors: Record<string, number> = {};
  for (const r of records) for (const [k, n] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + n;
  const ok = records.reduce((a, r) => a + r.latencies.length, 0);
  const lat = [...records.flatMap((r) => r.latencies), ...Array<number>(errors.timeout ?? 0).fill(timeoutMs)].sort((a, b) => a - b);
  const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
  const sent = records.reduce((a, r) => a + r.sent, 0);
  const p99 = pct(lat, 99);
  return {
    label,
    sent,
    ok,
    achievedPerSec: ok / seconds,
    p50: pct(lat, 50),
    p90: pct(lat, 90),
    p99,
    max: lat.at(-1) ?? Number.NaN,
    p99AtLeast: (errors.timeout ?? 0) > 0 && p99 >= timeoutMs,
    errors,
    errorCount,
  };
}

export interface Deliveries {
  /** New alarms (SOS answered with pressCount 1) and presses merged into an open alarm. */
  created: number;
  merged: number;
  expected: number;
  delivered: number;
  /** New alarms some socket of their society never got. */
  alarmsMissed: number;
  /** From the SOS's due time to the first and to the last socket's 'receive-security', ms. */
  first: { p50: number; p99: number; max: number };
  last: { p50: number; p99: number; max: number };
}

/** Compares the new alarms of the SOS stream with what the sockets received. */
export function deliveries(sos: StreamResult, sockets: SocketResult): Deliveries {
  const got = new Map(sockets.deliveries.map((d) => [d[0], d]));
  const first: number[] = [];
  const last: number[] = [];
  let expected = 0;
  let delivered = 0;
  let alarmsMissed = 0;
  const news = sos.alarms.filter((a) => a[3] === 1);
  for (const [id, society, dueAt] of news) {
    const want = sockets.bySociety[society] ?? 0;
    const d = got.get(id);
    expected += want;
    delivered += Math.min(want, d?.[1] ?? 0);
    if ((d?.[1] ?? 0) < want) alarmsMissed++;
    if (d) {
      first.push(d[2] - dueAt);
      last.push(d[3] - dueAt);
    }
  }
  const three = (v: number[]) => (v.sort((a, b) => a - b), { p50: pct(v, 50), p99: pct(v, 99), max: v.at(-1) ?? Number.NaN });
  return { created: news.length, merged: sos.alarms.length - news.length, expected, delivered, alarmsMissed, first: three(first), last: three(last) };
}

export interface Goal {
  goal: string;
  pass: boolean;
  detail: string;
}

export interface LoadRun {
  startedAt: string;
  options: Record<string, unknown>;
  setup: Record<string, unknown>;
  streams: { sos: Figures; list: Figures; ack: Figures; lists: Figures[] };
  targetRates: { sos: number; list: number };
  sendLag: { sos: StreamResult['sendLag']; list: StreamResult['sendLag'] };
  sockets: Omit<SocketResult, 'deliveries'> & { perInstance: Record<string, number | null> };
  deliveries: Deliveries;
  cpu: CpuUse | undefined;
  pg: PgActivity;
  loadavg: { start: number[]; end: number[] };
  /** Acknowledgements answered 2xx × sockets of their society. */
  expectedAcks: number;
  instanceMetrics: Record<string, Record<string, number>>;
  /** CPU-ms per list request (undefined without /proc). */
  listCost?: ListCost;
  /** Lists refused (503/429), by who answered: nginx's per-instance cap or an instance's admission control. */
  listRefusals: OverloadShares['refusedBy'];
  /** --overload runs: the measured capacity, the list rate used, how lists ended, the drain time. */
  overload?: { capacityPerSec: number; listRate: number; lists: OverloadShares; drainSeconds: number };
}

/** The load goal: no error of any kind (SOS, lists, acks, socket disconnects) and list p99 ≤ 100 ms. */
export function goals(run: LoadRun): Goal[] {
  const { sos, list, ack } = run.streams;
  const errs = sos.errorCount + list.errorCount + ack.errorCount;
  const lost = run.deliveries.expected - run.deliveries.delivered;
  const base: Goal[] = [
    {
      goal: '0 errors',
      pass: errs === 0 && run.sockets.disconnects === 0,
      detail: `${errs} failed requests (SOS ${sos.errorCount}, lists ${list.errorCount}, acks ${ack.errorCount}), ${run.sockets.disconnects} socket disconnects`,
    },
    { goal: `list p99 ≤ ${LIST_P99_GOAL_MS} ms`, pass: list.p99 <= LIST_P99_GOAL_MS, detail: `${list.p99AtLeast ? '≥' : ''}${ms(list.p99)} ms` },
    {
      goal: 'every alarm event delivered (not in the issue: a check)',
      pass: lost === 0 && run.deliveries.expected > 0,
      detail: `${run.deliveries.delivered}/${run.deliveries.expected}`,
    },
  ];
  if (!run.overload)
    return [...base, { goal: `SOS p99 ≤ ${SOS_P99_GOAL_MS} ms`, pass: sos.p99 <= SOS_P99_GOAL_MS, detail: `${sos.p99AtLeast ? '≥' : ''}${ms(sos.p99)} ms` }];
  const o = run.overload;
  const g = OVERLOAD_GOALS;
  return [
    { goal: '0 SOS errors', pass: sos.errorCount === 0, detail: `${sos.errorCount} (${errText(sos.errors)})` },
    { goal: `SOS p99 ≤ ${g.sosP99Ms} ms`, pass: sos.p99 <= g.sosP99Ms, detail: `${sos.p99AtLeast ? '≥' : ''}${ms(sos.p99)} ms` },
    {
      goal: `every list answered within ${g.answerMs} ms or refused within ${g.refuseMs} ms`,
      pass: o.lists.neither === 0,
      detail: `${o.lists.answeredInTime} answered, ${o.lists.refusedInTime} refused, ${o.lists.neither} neither, of ${o.lists.sent}`,
    },
    { goal: `drained within ${g.drainS} s after the load stopped`, pass: o.drainSeconds <= g.drainS, detail: `${o.drainSeconds.toFixed(1)} s` },
    base[2]!,
  ];
}

const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0)) : '—');
const errText = (e: Record<string, number>) =>
  Object.entries(e)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ×${n}`)
    .join(', ') || '—';

/** Prints the run. */
export function printRun(run: LoadRun): void {
  const row = (f: Figures, indent = '') =>
    `${(indent + f.label).padEnd(34)} ${String(f.sent).padStart(7)} ${f.achievedPerSec.toFixed(1).padStart(8)} ${ms(f.p50).padStart(7)} ${ms(f.p90).padStart(7)} ${`${f.p99AtLeast ? '≥' : ''}${ms(f.p99)}`.padStart(7)} ${ms(f.max).padStart(7)}  ${errText(f.errors)}`;
  const d = run.deliveries;
  const s = run.sockets;
  const lines = [
    '',
    `=== load bench: ${JSON.stringify(run.setup)} ===`,
    `target: SOS ${run.targetRates.sos}/s, lists ${run.targetRates.list}/s, open loop (latency from each request's due time)`,
    '',
    `${'stream'.padEnd(34)} ${'sent'.padStart(7)} ${'2xx/s'.padStart(8)} ${'p50'.padStart(7)} ${'p90'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}  errors (ms from due time; 2xx and timeouts)`,
    row(run.streams.sos),
    row(run.streams.ack),
    row(run.streams.list),
    ...run.streams.lists.map((f) => row(f, '  ')),
    '',
    `client scheduler lag (due → sent): SOS p99 ${ms(run.sendLag.sos.p99)} / max ${ms(run.sendLag.sos.max)} ms; lists p99 ${ms(run.sendLag.list.p99)} / max ${ms(run.sendLag.list.max)} ms`,
    `staff sockets: ${s.connected} connected (by society ${s.bySociety.join('/')}; by instance ${Object.entries(s.perInstance)
      .map(([k, v]) => `${k} ${v ?? '?'}`)
      .join(', ')}), ${s.disconnects} disconnects during the run`,
    `alarm events: ${d.created} new alarms, ${d.merged} presses merged; 'receive-security' delivered ${d.delivered}/${d.expected} (${d.alarmsMissed} alarms missed by some socket)${s.complete ? '' : ' — wait ended before all arrived'}`,
    `  SOS due → first socket: p50 ${ms(d.first.p50)}, p99 ${ms(d.first.p99)}, max ${ms(d.first.max)} ms; → last socket: p50 ${ms(d.last.p50)}, p99 ${ms(d.last.p99)}, max ${ms(d.last.max)} ms`,
    `  'security-acknowledged' received ${s.acknowledged}/${run.expectedAcks}; also ${s.pressed} security-pressed, ${s.escalated} security-escalated`,
    `load average: start ${run.loadavg.start.join(' / ')}, end ${run.loadavg.end.join(' / ')}`,
  ];
  if (run.cpu) {
    const by = Object.entries(run.cpu.cores)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v.toFixed(2)}`)
      .join(', ');
    const others = Object.entries(run.cpu.otherTop)
      .map(([k, v]) => `${k} ${v.toFixed(2)}`)
      .join(', ');
    lines.push(
      `CPU over ${run.cpu.seconds.toFixed(0)} s: machine ${(run.cpu.machineBusy * 100).toFixed(0)}% busy; cores used by ${by}`,
      `  'other' is mostly: ${others || '—'}`,
    );
  }
  const pg = run.pg;
  lines.push(
    `PostgreSQL (${pg.samples} samples of pg_stat_activity): active backends mean ${pg.activeMean.toFixed(1)}, max ${pg.activeMax}; idle in transaction mean ${pg.idleInTransactionMean.toFixed(1)}; active ones waiting on ${errText(pg.waits)}`,
  );
  if (run.listCost)
    lines.push(
      `CPU per list request: ${run.listCost.totalMs.toFixed(2)} ms (instances ${run.listCost.instancesMs.toFixed(2)}, PostgreSQL ${run.listCost.postgresMs.toFixed(2)}; load start to drained backlog, the SOS and acknowledgements included)`,
    );
  const refused = run.listRefusals;
  if (!run.overload && refused.proxy.all + refused.app.all > 0)
    lines.push(
      `lists refused: by nginx ${refused.proxy.all} (its cap of requests in flight per instance), by the instances ${refused.app.all} (admission control)`,
    );
  if (run.overload) {
    const o = run.overload;
    const share = (n: number) => `${((n / Math.max(1, o.lists.sent)) * 100).toFixed(1)}%`;
    lines.push(
      `overload: capacity ${o.capacityPerSec.toFixed(0)} lists/s (closed-loop probe), lists sent at ${o.listRate.toFixed(0)}/s`,
      `  lists answered ≤ ${OVERLOAD_GOALS.answerMs} ms ${share(o.lists.answeredInTime)}, refused ≤ ${OVERLOAD_GOALS.refuseMs} ms ${share(o.lists.refusedInTime)}, neither ${share(o.lists.neither)} (of ${o.lists.sent}); drained ${o.drainSeconds.toFixed(1)} s after the load stopped`,
      `  neither: ${o.lists.lateAnswers} answered late (slowest ${o.lists.slowestAnswerMs.toFixed(0)} ms), ${o.lists.lateRefusals} refused late (slowest ${o.lists.slowestRefusalMs.toFixed(0)} ms), ${o.lists.otherFailures} other failures`,
      `  refusals by nginx ${o.lists.refusedBy.proxy.all} (${o.lists.refusedBy.proxy.late} late), by the instances ${o.lists.refusedBy.app.all} (${o.lists.refusedBy.app.late} late); late already before the request was written (the generator's own delay): ${o.lists.lateBeforeWrite}`,
    );
  }
  for (const [name, m] of Object.entries(run.instanceMetrics))
    lines.push(
      `instance ${name} (/metrics): ${Object.entries(m)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  lines.push('', run.overload ? 'Goals (overload):' : 'Goals:', ...goals(run).map((g) => `  ${g.pass ? 'PASS' : 'MISS'}  ${g.goal}: ${g.detail}`));
  console.log(lines.join('\n'));
}

/** Writes bench/results/load-<timestamp>.json. @returns its path. */
export function writeJson(dir: string, run: LoadRun, meta: Record<string, unknown>): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `load-${run.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ ...meta, ...run, goals: goals(run) }, null, 2) + '\n');
  return file;
}
