/**
 * A light web app: the built web app is served pre-compressed (Brotli, else gzip, else
 * plain), hashed files under /assets are cached as immutable, and index.html — at / and as the
 * fallback of client routes — is revalidated. Run against a fixture build folder written the way
 * the build step (scripts/web-assets.ts) writes one; plus that step's budget rule.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { IMMUTABLE, REVALIDATE } from '../../src/server/lib/web-static.js';
import { budgetProblems, type BundleFile } from '../../scripts/web-assets.js';
import { useHarness } from './harness.js';

const SCRIPT = `console.log(${JSON.stringify('society desk '.repeat(400))});\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(50)}</body></html>\n`;

/** Writes a file with its .br and .gz copies, as the build does. */
function writeCompressed(file: string, text: string): void {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
  writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text)));
}

describe('static assets', () => {
  const h = useHarness();
  let web: BuiltApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sd-web-'));
    mkdirSync(path.join(dir, 'assets'));
    writeCompressed(path.join(dir, 'index.html'), INDEX);
    writeCompressed(path.join(dir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
    writeFileSync(path.join(dir, 'assets', 'logo-Ef56Gh78.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    web = await buildApp({ config: h.config, database: h.database, clock: h.clock, webDist: dir, pushTransport: { send: async () => undefined } });
    await web.app.ready();
  });
  afterAll(async () => {
    await web?.app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => web.app.inject({ method: 'GET', url, headers });

  it('sends a hashed script as Brotli when accepted, immutable for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('serves a file without compressed copies (an image) plainly, still immutable under /assets', async () => {
    const res = await get('/assets/logo-Ef56Gh78.png', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('index.html (at / and for client routes) is compressed and revalidated, and answers 304 to its ETag', async () => {
    for (const url of ['/', '/index.html', '/Complaints']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
    const first = await get('/', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('the API is not served from the web folder', async () => {
    const res = await get('/api/nope', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No route GET /api/nope');
  });
});

describe('bundle budget (scripts/web-assets.ts, npm run check:bundle)', () => {
  /** `kind`: the entry, a chunk the entry imports statically (initial), or a lazy chunk. Brotli defaults to 85 % of gzip. */
  const file = (name: string, kind: 'entry' | 'initial' | 'lazy', gzip: number, brotli = Math.round(gzip * 0.85)): BundleFile => ({
    file: name,
    entry: kind === 'entry',
    initial: kind !== 'lazy',
    raw: gzip * 3,
    gzip,
    brotli,
  });

  it('passes an initial load within 150 kB Brotli and 175 kB gzip, and other chunks within 100 kB gzip', () => {
    expect(
      budgetProblems({
        files: [
          file('assets/index.js', 'entry', 125_000, 100_000),
          file('assets/vendor.js', 'initial', 50_000, 50_000),
          file('assets/grocery.js', 'lazy', 100_000),
          file('assets/index.css', 'initial', 40_000),
          file('index.html', 'lazy', 300),
        ],
      }),
    ).toEqual([]);
  });

  it('names an initial load over 150 kB Brotli or 175 kB gzip and any other chunk over 100 kB; a missing entry is a problem too', () => {
    expect(
      budgetProblems({
        files: [
          file('assets/index.js', 'entry', 125_000, 100_000),
          file('assets/vendor.js', 'initial', 50_001, 50_001),
          file('assets/grocery.js', 'lazy', 100_001),
          file('assets/index.css', 'initial', 100_001),
          file('assets/big.png', 'lazy', 500_000),
        ],
      }),
    ).toEqual([
      'initial load (entry and its static imports): 150.00 kB Brotli, budget 150.00 kB',
      'initial load (entry and its static imports): 175.00 kB gzip, ceiling 175.00 kB',
      'assets/grocery.js: 100.00 kB gzip, budget 100.00 kB',
      'assets/index.css: 100.00 kB gzip, budget 100.00 kB',
    ]);
    expect(budgetProblems({ files: [file('assets/a.js', 'lazy', 10)] })).toEqual(['no entry chunk in the build stats']);
  });
});
