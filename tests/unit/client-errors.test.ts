/**
 * What both apps' error boundaries share (src/shared/client-errors.ts, src/shared/error-boundary.ts):
 * telling a chunk that could not load from other failures, the reporter's dedup, rate and cleaning,
 * and the boundary's reset on a new path.
 */
import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '../../src/shared/chunk-error.js';
import { CLIENT_ERROR_MAX, errorReporter, REPORTS_PER_MINUTE } from '../../src/shared/client-errors.js';
import { ZClientErrorReport } from '../../src/shared/contracts/client-errors.js';
import { ErrorBoundary } from '../../src/shared/error-boundary.js';

describe('isChunkLoadError', () => {
  it('knows the browsers’ chunk-load failures, and nothing else', () => {
    const chunk = [
      new TypeError('Failed to fetch dynamically imported module: http://desk.test/assets/complaints-screen-Ab1.js'),
      new TypeError('Importing a module script failed.'),
      new TypeError('error loading dynamically imported module: http://desk.test/assets/x.js'),
      new Error('Unable to preload CSS for /assets/x.css'),
      Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }),
    ];
    for (const error of chunk) expect(isChunkLoadError(error), error.message).toBe(true);
    for (const error of [new TypeError("Cannot read properties of undefined (reading 'map')"), new Error('Request failed'), 'boom', undefined])
      expect(isChunkLoadError(error), String(error)).toBe(false);
  });
});

describe('errorReporter', () => {
  function harness() {
    let now = 1_000_000;
    const sent: unknown[] = [];
    const report = errorReporter({ app: 'dashboard', release: 'index-Ab1.js', now: () => now, send: (body) => sent.push(JSON.parse(body)) });
    return { report, sent, advance: (ms: number) => (now += ms) };
  }

  it('sends a report the server accepts: path without its query, the stack, the release, chunkLoad', () => {
    const { report, sent } = harness();
    report('screen', new TypeError('Failed to fetch dynamically imported module: x'), '/Complaints?q=Ali%20Khan#top');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ app: 'dashboard', kind: 'screen', path: '/Complaints', release: 'index-Ab1.js', chunkLoad: true });
    expect(sent[0]).toHaveProperty('stack');
    expect(ZClientErrorReport.safeParse(sent[0]).success).toBe(true);
  });

  it('sends each failure once, and at most REPORTS_PER_MINUTE a minute', () => {
    const { report, sent, advance } = harness();
    report('screen', new Error('a'), '/A');
    report('screen', new Error('a'), '/A');
    expect(sent).toHaveLength(1);
    for (let i = 0; i < 10; i++) report('listener', new Error(`b${i}`), '/A');
    expect(sent).toHaveLength(REPORTS_PER_MINUTE);
    advance(60_000);
    report('listener', new Error('later'), '/A');
    report('screen', new Error('a'), '/A');
    expect(sent.map((r) => (r as { message: string }).message)).toEqual(['Error: a', 'Error: b0', 'Error: b1', 'Error: later']);
  });

  it('cuts long texts and replaces what the server refuses (NUL, bidi controls, lone surrogates), so the report still arrives', () => {
    const { report, sent } = harness();
    const error = new Error(`bad\u0000text \u202Egnp.exe \uD800 ${'x'.repeat(2000)}`);
    error.stack = 's'.repeat(10_000);
    report('app', error, `/${'p'.repeat(1000)}`);
    const r = sent[0] as { message: string; stack: string; path: string };
    expect(r.message).toHaveLength(CLIENT_ERROR_MAX.message);
    expect(r.message.startsWith('Error: bad\uFFFDtext \uFFFDgnp.exe \uFFFD ')).toBe(true);
    expect(r.stack).toHaveLength(CLIENT_ERROR_MAX.stack);
    expect(r.path).toHaveLength(CLIENT_ERROR_MAX.path);
    expect(ZClientErrorReport.safeParse(r).success).toBe(true);
  });

  it('never throws, even when sending does', () => {
    const report = errorReporter({
      app: 'resident',
      send: () => {
        throw new Error('no network');
      },
    });
    expect(() => report('screen', new Error('x'), '/app')).not.toThrow();
  });
});

describe('ErrorBoundary', () => {
  it('catches into its fallback, and a new resetKey (another path) clears the error', () => {
    const caught = { ...ErrorBoundary.getDerivedStateFromError(new Error('x')), key: '/Complaints', error: new Error('x') };
    expect(caught.caught).toBe(true);
    expect(ErrorBoundary.getDerivedStateFromProps({ resetKey: '/Complaints', fallback: () => null }, { ...caught, caught: true })).toBeNull();
    expect(ErrorBoundary.getDerivedStateFromProps({ resetKey: '/Security', fallback: () => null }, { ...caught, caught: true })).toEqual({
      error: undefined,
      caught: false,
      key: '/Security',
    });
  });
});
