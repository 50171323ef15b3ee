/**
 * Money and dates are written by src/shared/format only: neither app keeps a formatter of its own
 * (the resident app once wrote 'Rs 55,552.5' and '2 Dec 2026, 02:26' while the dashboard wrote
 * 'PKR 55,552.50' and '02/12/2026 2:26 AM').
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
  );
}

/** What writes money or a date by itself, outside the shared formatter. */
const OWN_FORMATTING = /Intl\.(DateTimeFormat|NumberFormat)|toLocale(Date|Time)String|style: 'currency'|\b(dateStyle|timeStyle):|'en-(GB|PK|IN)'/;

describe('one format in both apps', () => {
  it('has no app-local formatter modules', () => {
    expect(existsSync('src/web/lib/format.ts')).toBe(false);
    expect(existsSync('src/resident/lib/format.ts')).toBe(false);
    expect(existsSync('src/shared/format/money.ts') && existsSync('src/shared/format/dates.ts') && existsSync('src/shared/format/day-month.ts')).toBe(true);
  });

  it('writes no money or date outside src/shared/format', () => {
    const offenders = ['src/web', 'src/resident'].flatMap(sourceFiles).filter((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .some((line) => !/^\s*(\*|\/\/)/.test(line) && OWN_FORMATTING.test(line)),
    );
    expect(offenders).toEqual([]);
  });
});
