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
import { RETAIN_DAYS, RETAIN_RELEASES, retainPreviousAssets } from '../../scripts/retain-assets.js';
import { useHarness } from './harness.js';

const SCRIPT = `console.log(${JSON.stringify('society desk '.repeat(400))});\n`;
const RESIDENT_INDEX = `<!doctype html><html><head><script type="module" src="/app/assets/index-Zz98Yy76.js"></script><link rel="manifest" href="/app/manifest.webmanifest"></head><body><div id="root"></div></body></html>\n`;
const SERVICE_WORKER = `self.addEventListener('fetch', () => {});\n`;
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
    // The resident app's build (vite.resident.config.ts) in dist/web/app.
    mkdirSync(path.join(dir, 'app', 'assets'), { recursive: true });
    writeCompressed(path.join(dir, 'app', 'index.html'), RESIDENT_INDEX);
    writeCompressed(path.join(dir, 'app', 'assets', 'index-Zz98Yy76.js'), SCRIPT);
    writeFileSync(path.join(dir, 'app', 'sw.js'), SERVICE_WORKER);
    web = await buildApp({ config: h.config, database: h.database, clock: h.clock, webDist: dir, pushTransport: { send: async () => undefined } });
    await web.app.ready();
  });
  afterAll(async () => {
    await web?.app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => web.app.inject({ method: 'GET', url, headers });

  it("answers /robots.txt with a robots.txt that disallows everything, not the dashboard's HTML", async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('User-agent: *\nDisallow: /\n');
  });

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

  it('the resident app: /app and its client routes under /app/ get its own index.html (revalidated), its assets are immutable', async () => {
    // Item screens too, deep links a tapped push opens in a new window (src/resident/lib/item-links.ts).
    const items = ['/app/services/complaints/42', '/app/alarms/7', '/app/society/feed/3', '/app/notifications/12?from=push'];
    for (const url of ['/app', '/app/', '/app/index.html', '/app/services/complaints', '/app/sign-in?next=1', ...items]) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(RESIDENT_INDEX);
    }
    const script = await get('/app/assets/index-Zz98Yy76.js', { 'accept-encoding': 'br' });
    expect(script.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(script.rawPayload).toString()).toBe(SCRIPT);
    // The service worker is revalidated (a new deploy's worker is seen), never cached as immutable.
    const sw = await get('/app/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe(REVALIDATE);
    // A missing hashed file is a 404, not the page (a stale chunk must fail loudly, not parse HTML).
    expect((await get('/app/assets/gone-00000000.js')).statusCode).toBe(404);
    expect((await get('/assets/gone-00000000.js')).statusCode).toBe(404);
    // The dashboard's routes still get the dashboard.
    expect((await get('/Status')).body).toBe(INDEX);
  });

  it('the resident app is sent with the same strict CSP as the dashboard', async () => {
    const dashboard = await get('/');
    const resident = await get('/app/');
    expect(resident.headers['content-security-policy']).toBe(dashboard.headers['content-security-policy']);
    expect(resident.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(resident.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  });

  it('the API is not served from the web folder', async () => {
    const res = await get('/api/nope', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No route GET /api/nope');
  });
});

describe('the previous releases stay served (scripts/retain-assets.ts)', () => {
  const h = useHarness();
  let web: BuiltApp;
  let root: string;
  let dir: string;
  const DAY = 86_400_000;
  const start = Date.UTC(2026, 11, 1);

  /** One build's output as Vite leaves it: index.html naming its entry, the entry, a lazy screen, the resident app's entry. */
  function build(release: string): void {
    rmSync(dir, { recursive: true, force: true }); // what `vite build` does to its outDir
    mkdirSync(path.join(dir, 'assets'), { recursive: true });
    mkdirSync(path.join(dir, 'app', 'assets'), { recursive: true });
    writeCompressed(path.join(dir, 'index.html'), INDEX.replace('index-Ab12Cd34', `index-${release}`));
    writeCompressed(path.join(dir, 'assets', `index-${release}.js`), SCRIPT);
    writeCompressed(path.join(dir, 'assets', `complaints-screen-${release}.js`), `export const release = '${release}';\n`);
    writeCompressed(path.join(dir, 'app', 'index.html'), RESIDENT_INDEX);
    writeCompressed(path.join(dir, 'app', 'assets', `profile-screen-${release}.js`), SCRIPT);
  }
  /** A later build: the plugin retires the hashed files in place first, then Vite writes the new build. */
  function release(name: string, at: number) {
    const result = retainPreviousAssets({ webDir: dir, now: at });
    build(name);
    return result;
  }

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'sd-release-'));
    dir = path.join(root, 'web');
    build('r1');
    // r2 a little past the retention in days; then as many builds as the retention counts, a day apart.
    release('r2', start);
    release('r3', start + (RETAIN_DAYS + 1) * DAY);
    for (let i = 4; i < 4 + RETAIN_RELEASES - 1; i++) release(`r${i}`, start + (RETAIN_DAYS + i) * DAY);
    web = await buildApp({ config: h.config, database: h.database, clock: h.clock, webDist: dir, pushTransport: { send: async () => undefined } });
    await web.app.ready();
  });
  afterAll(async () => {
    await web?.app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => web.app.inject({ method: 'GET', url, headers });

  it("after later builds, a previous release's hashed files are still served, compressed and immutable; index.html is the current build's", async () => {
    const latest = `r${3 + RETAIN_RELEASES - 1}`;
    for (const url of [
      '/assets/complaints-screen-r3.js',
      '/assets/index-r3.js',
      '/app/assets/profile-screen-r3.js',
      `/assets/complaints-screen-${latest}.js`,
    ]) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(IMMUTABLE);
      expect(res.headers['content-encoding'], url).toBe('br');
    }
    expect(brotliDecompressSync((await get('/assets/complaints-screen-r3.js', { 'accept-encoding': 'br' })).rawPayload).toString()).toBe(
      "export const release = 'r3';\n",
    );
    expect((await get('/')).body).toContain(`index-${latest}.js`);
    // The list of releases is not a file of the app.
    expect((await get('/releases.json')).headers['content-type']).toMatch(/text\/html/);
  });

  it('a release retired more than RETAIN_DAYS ago is gone: its files are 404', async () => {
    // r1 was retired by the build of r2 on `start`, more than RETAIN_DAYS before the last build.
    for (const url of ['/assets/complaints-screen-r1.js', '/assets/index-r1.js', '/app/assets/profile-screen-r1.js']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    // r2 is the oldest of the last RETAIN_RELEASES retired releases, retired within RETAIN_DAYS: kept.
    expect((await get('/assets/complaints-screen-r2.js')).statusCode).toBe(200);
  });

  it('counts releases too: one more build drops the oldest release kept', () => {
    const last = start + (RETAIN_DAYS + 4 + RETAIN_RELEASES) * DAY;
    const { pruned } = retainPreviousAssets({ webDir: dir, now: last });
    expect(pruned.filter((f) => f.endsWith('.js')).sort()).toEqual(
      ['app/assets/profile-screen-r2.js', 'assets/complaints-screen-r2.js', 'assets/index-r2.js'].map((f) => path.normalize(f)),
    );
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

  it("the resident app's initial load has its own budget: 120 kB Brotli, 145 kB gzip", () => {
    const within = { files: [file('assets/index.js', 'entry', 100_000, 90_000), file('assets/vendor.js', 'initial', 45_000, 30_000)] };
    expect(budgetProblems(within, 'resident')).toEqual([]);
    const over = { files: [file('assets/index.js', 'entry', 100_000, 90_000), file('assets/vendor.js', 'initial', 45_001, 30_001)] };
    expect(budgetProblems(over, 'resident')).toEqual([
      'initial load (entry and its static imports): 120.00 kB Brotli, budget 120.00 kB',
      'initial load (entry and its static imports): 145.00 kB gzip, ceiling 145.00 kB',
    ]);
    // The same load is within the dashboard's budget.
    expect(budgetProblems(over)).toEqual([]);
  });
});
