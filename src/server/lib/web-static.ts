/**
 * How the built web app (dist/web) is served.
 * - Compressed without CPU per request: the build writes a Brotli (`.br`) and a gzip (`.gz`) copy
 *   next to every text asset (scripts/web-assets.ts), and @fastify/static's `preCompressed` sends
 *   the best one the browser accepts (Brotli first), with `Content-Encoding` and the original
 *   file's type; a browser that accepts neither gets the plain file. `Vary: Accept-Encoding` so
 *   no shared cache hands a compressed body to a client that cannot read it.
 * - Cached by name: files under `/assets/` carry a content hash in their names (Vite), so they
 *   are `public, max-age=31536000, immutable`; everything else — `index.html` above all, which
 *   names the current hashes, and the SPA fallback that serves it for client routes — is
 *   `no-cache`: stored, but revalidated (ETag / Last-Modified) before each use, so a deploy is
 *   seen on the next load.
 * - Two single-page apps: the staff dashboard (dist/web/index.html) and the resident app
 *   (dist/web/app/, its own build and service worker: ADR 0009), whose client routes all sit
 *   under /app/ ({@link webPageFor}). Its hashed files under /app/assets/ are immutable too; its
 *   service worker (/app/sw.js) and manifest are revalidated like index.html.
 * - The previous releases' hashed files stay served for a while (dist/web-retained,
 *   {@link webStaticOptions}).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyStaticOptions, SetHeadersResponse } from '@fastify/static';

/** Cache-Control of hashed build assets (under /assets/): a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of everything else the web app serves (index.html): always revalidated. */
export const REVALIDATE = 'no-cache';

/**
 * The folder beside a web build (dist/web → dist/web-retained) that holds the previous releases'
 * hashed files (scripts/retain-assets.ts writes it at each build; the same rule).
 */
export function retainedDirOf(root: string): string {
  return path.join(path.dirname(root), `${path.basename(root)}-retained`);
}

/**
 * @fastify/static options for the built web app at `root` (an absolute folder, e.g. dist/web),
 * and, when it exists, its retained folder: the previous releases' hashed files, served after the
 * current build's (a file in both comes from `root`) with the same immutable headers, so a page
 * left open over a deploy still loads its chunks. The retained folder holds only `assets/` and
 * `app/assets/`: index.html, the service worker and the manifest are always the current build's.
 */
export function webStaticOptions(root: string): FastifyStaticOptions {
  const retained = retainedDirOf(root);
  const roots = existsSync(retained) ? [root, retained] : [root];
  const assets = roots.flatMap((dir) => [path.join(dir, 'assets') + path.sep, path.join(dir, 'app', 'assets') + path.sep]);
  return {
    root: roots,
    // Only the hashed folders of the retained one (not its releases.json).
    globIgnore: ['releases.json'],
    // Routes for the files present at start-up only (dist/web does not change while serving).
    wildcard: false,
    preCompressed: true,
    // Set here instead: send's own header would override the one setHeaders writes.
    cacheControl: false,
    setHeaders: (res: SetHeadersResponse, filePath: string) => {
      res.setHeader('cache-control', assets.some((dir) => filePath.startsWith(dir)) ? IMMUTABLE : REVALIDATE);
      res.setHeader('vary', 'accept-encoding');
    },
  };
}

/**
 * Which page a GET that matched no route and no file gets (the SPA fallback), by its URL (path and
 * query): 'app/index.html' for the resident app's client routes (/app/…; /app itself is the static
 * route of app/index.html, the router ignoring trailing slashes); null for the API, /docs and files
 * under /assets/ or /app/assets/ that do not exist (a 404, not a page); 'index.html' (the
 * dashboard) for everything else.
 */
export function webPageFor(url: string): 'index.html' | 'app/index.html' | null {
  const pathname = url.split('?')[0] ?? '';
  // A hashed file that does not exist (a release past retention) is a 404, not the page: the
  // browser's import then fails at once instead of parsing HTML as a script, and the page's
  // load-chunk tells 404 (a new version) from a failure worth retrying.
  if (pathname.startsWith('/api/') || pathname.startsWith('/docs') || pathname.startsWith('/assets/')) return null;
  if (pathname.startsWith('/app/')) return pathname.startsWith('/app/assets/') ? null : 'app/index.html';
  return 'index.html';
}
