/**
 * Results of bench/list-scale.ts: the list-speed goal checks, the printed table and the JSON file
 * (bench/results/, gitignored).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AlarmResult } from './alarms.js';
import type { LoadResult } from './load.js';
import type { SeedInfo } from './seed.js';

export type DbKind = 'pglite' | 'postgres';

/** A list run; `inGoals` false for the offset deep page when keyset cursors are measured too. */
export type ListResult = LoadResult & { inGoals: boolean };

export interface DbRun {
  db: DbKind;
  rowsPerSociety: number;
  startedAt: string;
  /** os.loadavg() (1, 5, 15 min) when the run started and ended: the machine is shared. */
  loadStart: number[];
  loadEnd: number[];
  seed: SeedInfo;
  cursor: { used: boolean; how: string };
  health: LoadResult;
  lists: ListResult[];
  alarms: { quiet: AlarmResult; searching: AlarmResult; searcher: LoadResult };
  /** Sanity checks on the responses (what each query returned). */
  checks: string[];
}

export interface Goal {
  goal: string;
  pass: boolean;
  detail: string;
}

const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0)) : '—');
/** p99 for display: "≥10000" when timeouts hide the true value. */
const p99 = (r: LoadResult) => `${r.p99AtLeast ? '≥' : ''}${ms(r.p99)}`;
const clean = (r: LoadResult) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
const faults = (r: LoadResult) => (clean(r) ? '' : ` (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})`);

/** The list-speed goals for one database run (p99s against health and fetch-all, SOS latency while searching). */
export function goals(run: DbRun): Goal[] {
  const out: Goal[] = [];
  const fetchAll = run.seed.fetchAll.ms;
  for (const l of run.lists.filter((x) => x.inGoals)) {
    if (run.db === 'postgres') {
      const limit = 5 * run.health.p99;
      out.push({
        goal: `${l.name}: p99 ≤ 5× health p99`,
        pass: l.p99 <= limit && clean(l),
        detail: `${p99(l)} ms vs ${ms(limit)} ms (${(l.p99 / run.health.p99).toFixed(1)}×)${faults(l)}`,
      });
    } else {
      out.push({ goal: `${l.name}: p99 ≤ 50 ms`, pass: l.p99 <= 50 && clean(l), detail: `${p99(l)} ms${faults(l)}` });
    }
    const ratio = fetchAll / l.p99;
    out.push({
      goal: `${l.name}: ≥ 50× faster than fetch-all`,
      pass: ratio >= 50 && clean(l),
      detail: `${l.p99AtLeast ? '≤' : ''}${ratio.toFixed(1)}× (fetch-all ${ms(fetchAll)} ms)${faults(l)}`,
    });
  }
  const s = run.alarms.searching;
  out.push({
    goal: 'SOS press-to-event p99 ≤ 100 ms while searching',
    pass: s.p99 <= 100 && s.lost === 0 && s.received > 0,
    detail: `${ms(s.p99)} ms (p50 ${ms(s.p50)}; ${s.received}/${s.presses} events, ${s.lost} lost, ${s.refused} refused)`,
  });
  return out;
}

/** Prints one database's table and goal checks. */
export function printRun(run: DbRun): void {
  const h = run.health;
  const lines = [
    '',
    `=== ${run.db === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${run.rowsPerSociety} new complaints per society (GV: ${JSON.stringify(run.seed.stageCounts)}) ===`,
    `load average at start ${run.loadStart.join(' / ')}, at end ${run.loadEnd.join(' / ')} (2 cores, shared machine); cursor: ${run.cursor.how}`,
    `fetch-all baseline: ${ms(run.seed.fetchAll.ms)} ms for ${run.seed.fetchAll.rows} rows, ${(run.seed.fetchAll.bytes / 1e6).toFixed(1)} MB JSON (query ${ms(run.seed.fetchAll.queryMs)} ms, JSON ${ms(run.seed.fetchAll.jsonMs)} ms)`,
    'p99 over 2xx answers and timed-out requests (counted as the timeout; "≥" when p99 falls on one); err/t-o: connection errors/timeouts',
    '',
    `${'query'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)} ${'non2xx'.padStart(7)} ${'err/t-o'.padStart(8)} ${'p99/health'.padStart(11)} ${'fetch-all/p99'.padStart(14)}`,
  ];
  for (const r of [h, ...run.lists]) {
    const note = 'inGoals' in r && !r.inGoals ? '  (not in goals)' : '';
    lines.push(
      `${r.name.padEnd(34)} ${ms(r.p50).padStart(8)} ${p99(r).padStart(8)} ${r.reqPerSec.toFixed(1).padStart(8)} ${String(r.non2xx).padStart(7)} ${`${r.errors}/${r.timeouts}`.padStart(8)} ${(r === h ? '1' : `${(r.p99 / h.p99).toFixed(1)}×`).padStart(11)} ${(r === h ? '' : `${(run.seed.fetchAll.ms / r.p99).toFixed(1)}× faster`).padStart(14)}${note}`,
    );
  }
  const { quiet, searching, searcher } = run.alarms;
  lines.push(
    '',
    `SOS press-to-event, quiet:     p50 ${ms(quiet.p50)} ms, p99 ${ms(quiet.p99)} ms, max ${ms(quiet.max)} ms (${quiet.received}/${quiet.presses} events, ${quiet.lost} lost, ${quiet.refused} refused)`,
    `SOS press-to-event, searching: p50 ${ms(searching.p50)} ms, p99 ${ms(searching.p99)} ms, max ${ms(searching.max)} ms (${searching.received}/${searching.presses} events, ${searching.lost} lost, ${searching.refused} refused)`,
    `  the searching client meanwhile: ${searcher.requests} searches, p50 ${ms(searcher.p50)} ms, p99 ${ms(searcher.p99)} ms${faults(searcher)}`,
    '',
    'Goals:',
    ...goals(run).map((g) => `  ${g.pass ? 'PASS' : 'MISS'}  ${g.goal}: ${g.detail}`),
  );
  if (run.checks.length) lines.push('', 'Response checks:', ...run.checks.map((c) => `  ${c}`));
  if (run.seed.warnings.length) lines.push('', 'desk_requests columns the bench does not fill:', ...run.seed.warnings.map((w) => `  ${w}`));
  console.log(lines.join('\n'));
}

/** Writes bench/results/list-scale-<db>-<timestamp>.json. @returns its path. */
export function writeJson(dir: string, run: DbRun, extra: Record<string, unknown>): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `list-scale-${run.db}-${run.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ ...extra, ...run, goals: goals(run) }, null, 2) + '\n');
  return file;
}
