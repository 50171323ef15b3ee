/**
 * The resident app's text catalogue (src/resident/i18n/catalogue.ts): every text the app shows
 * lives there (Urdu is planned: a translation must find them all in one place), each is a
 * non-empty string or a function giving one, and the screens hold no English of their own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, NATIONAL_NUMBERS, type Catalogue } from '../../src/resident/i18n/catalogue';

/** Every leaf of the catalogue as [dotted key, value]. */
function leaves(node: unknown, prefix = ''): [string, unknown][] {
  if (typeof node === 'string' || typeof node === 'function') return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

/** Sample arguments for the catalogue's functions: numbers for counts, text for everything else. */
function sampleCall(fn: (...args: never[]) => unknown): unknown {
  const source = fn.toString();
  const params = (source.match(/^\(([^)]*)\)/)?.[1] ?? source.match(/^(\w+)\s*=>/)?.[1] ?? '').split(',').filter(Boolean);
  const numeric = /\b(n|days|rooms|baths)\b/;
  return (fn as (...args: unknown[]) => unknown)(...params.map((p) => (numeric.test(p) ? 3 : `«${p.trim().split(':')[0]}»`)));
}

const SRC = path.resolve(import.meta.dirname, '../../src/resident');
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(path.join(dir, d.name)) : d.name.endsWith('.tsx') ? [path.join(dir, d.name)] : [],
  );
}

describe('resident app text catalogue', () => {
  it('every text is a non-empty string without stray spaces, or a function that gives one', () => {
    const all = leaves(en);
    expect(all.length).toBeGreaterThan(100);
    for (const [key, value] of all) {
      const text = typeof value === 'function' ? sampleCall(value as (...args: never[]) => unknown) : value;
      expect(typeof text, key).toBe('string');
      expect((text as string).length, key).toBeGreaterThan(0);
      expect(text, key).toBe((text as string).trim());
    }
  });

  it('texts with values put every value in, and count words agree with the number', () => {
    expect(en.sos.acknowledgedBy('Guard Aslam', '14:05')).toBe('Acknowledged by Guard Aslam at 14:05');
    expect(en.sos.acknowledgedAt('14:05')).toBe('Acknowledged at 14:05');
    expect(en.sos.presses(3)).toBe('Pressed 3 times');
    expect(en.notHome.range('2026-12-01', '2026-12-01', 1)).toBe('2026-12-01 to 2026-12-01 (1 day)');
    expect(en.notHome.range('2026-12-01', '2026-12-03', 3)).toBe('2026-12-01 to 2026-12-03 (3 days)');
    expect(en.society.likes(1)).toBe('1 like');
    expect(en.society.likes(0)).toBe('0 likes');
    expect(en.account.registered('GV0057')).toContain('GV0057');
  });

  it("uses the spec's stage names and the SOS words the issue names (Sent, Acknowledged, Resolved)", () => {
    expect(en.services.stage).toEqual({ new: 'New', processing: 'Processing', completed: 'Completed' });
    expect([en.sos.sent, en.sos.acknowledged, en.sos.resolved]).toEqual(['Sent', 'Acknowledged', 'Resolved']);
    expect(en.account.waitingTitle).toBe('Waiting for approval');
  });

  it('the offline screen has emergency lines to call, each a short dialable number', () => {
    expect(NATIONAL_NUMBERS.length).toBeGreaterThan(0);
    for (const n of NATIONAL_NUMBERS) expect(n.phone).toMatch(/^\d{2,4}$/);
  });

  it('no screen writes its own English: JSX text and label-like attributes come from the catalogue', () => {
    const problems: string[] = [];
    for (const file of files(SRC)) {
      const source = readFileSync(file, 'utf8');
      // Text before a closing tag that starts with a letter (not an expression), and quoted label-like attributes.
      for (const m of source.matchAll(/>\s*([A-Za-z][^<>{}();=]*?)\s*<\//g)) problems.push(`${path.relative(SRC, file)}: text «${m[1]}»`);
      for (const m of source.matchAll(/\b(label|aria-label|title|placeholder|description|alt)="([^"]+)"/g)) {
        problems.push(`${path.relative(SRC, file)}: ${m[1]}="${m[2]}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a translation type-checks as a Catalogue: its texts are strings, not the English literals (checked by tsc)', () => {
    const other: Catalogue = {
      ...en,
      appName: 'سوسائٹی ڈیسک',
      nav: { ...en.nav, home: 'ایس او ایس' },
      sos: { ...en.sos, presses: (n: number) => `${n} بار دبایا` },
    };
    expect(other.nav.home).not.toBe(en.nav.home);
    expect(other.sos.presses(2)).toContain('2');
  });

  it('the unread badge says 99+ past 99; the back link and the empty value are texts of the catalogue', () => {
    expect([en.notifications.badge(7), en.notifications.badge(99), en.notifications.badge(100)]).toEqual(['7', '99', '99+']);
    expect(en.backTo('Services')).toBe('← Services');
    expect(en.none).toBe('—');
  });
});
