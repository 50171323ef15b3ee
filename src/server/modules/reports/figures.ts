/**
 * Pure shaping of the database's sums into the report's figures (no database, no clock): the
 * period's days in a zone, histogram bins with labels, every day of the period filled in.
 */
import type { Distribution } from '../../../shared/contracts/reports.js';
import { calendarDay } from '../../../shared/calendar.js';
import type { RawDistribution } from './repo.js';

/** Histogram bounds of the desks' times (seconds): 5 min, 15 min, 1 h, 4 h, 24 h, 72 h. */
export const DESK_BOUNDS_S = [300, 900, 3600, 14_400, 86_400, 259_200] as const;
/** Histogram bounds of an alarm's time to acknowledge (seconds): 10 s, 30 s, 1 min, 2 min, 5 min, 15 min. */
export const ACK_BOUNDS_S = [10, 30, 60, 120, 300, 900] as const;

/** 45 → '45s', 300 → '5m', 3600 → '1h', 86400 → '24h' (a bound's short name). */
function short(s: number): string {
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${s / 60}m`;
  return `${s / 3600}h`;
}

/** The bins of `bounds`: '< 5m', '5m–15m', …, '≥ 72h'; `counts[i]` is width_bucket's bucket i (0: below the first bound). */
export function histogramOf(bounds: readonly number[], counts: ReadonlyMap<number, number>): Distribution['histogram'] {
  const bins: Distribution['histogram'] = [{ label: `< ${short(bounds[0]!)}`, fromS: 0, toS: bounds[0]!, n: counts.get(0) ?? 0 }];
  for (let i = 1; i < bounds.length; i++) {
    bins.push({ label: `${short(bounds[i - 1]!)}–${short(bounds[i]!)}`, fromS: bounds[i - 1]!, toS: bounds[i]!, n: counts.get(i) ?? 0 });
  }
  const last = bounds[bounds.length - 1]!;
  bins.push({ label: `≥ ${short(last)}`, fromS: last, toS: null, n: counts.get(bounds.length) ?? 0 });
  return bins;
}

/** A distribution from the database's sums: p50/p90/max null when nothing was measured. */
export function distributionOf(raw: RawDistribution, bounds: readonly number[]): Distribution {
  const n = Number(raw.n);
  return {
    n,
    p50S: n > 0 ? (raw.p?.[0] ?? null) : null,
    p90S: n > 0 ? (raw.p?.[1] ?? null) : null,
    maxS: n > 0 ? raw.max : null,
    histogram: histogramOf(bounds, new Map(raw.hist.map((h) => [h.b, h.n]))),
  };
}

/** 'YYYY-MM-DD' plus `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Every day from `from` to `to` inclusive. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * The days of a period in `timeZone` at `now`: 'today' is today; '7d' and '30d' the last 7 or 30
 * days including today; 'custom' the given days (validated by the contract).
 */
export function periodDays(period: 'today' | '7d' | '30d' | 'custom', now: Date, timeZone: string, custom: { from?: string; to?: string }) {
  const today = calendarDay(now, timeZone);
  if (period === 'custom') return { from: custom.from!, to: custom.to!, today };
  const back = period === 'today' ? 0 : period === '7d' ? 6 : 29;
  return { from: addDays(today, -back), to: today, today };
}

/** Rows keyed by `day`, one per day of the period (missing days from `empty`). */
export function everyDay<T extends { day: string }>(from: string, to: string, rows: readonly T[], empty: (day: string) => T): T[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return daysOf(from, to).map((d) => byDay.get(d) ?? empty(d));
}
