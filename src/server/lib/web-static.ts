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
 */
import path from 'node:path';
import type { FastifyStaticOptions, SetHeadersResponse } from '@fastify/static';

/** Cache-Control of hashed build assets (under /assets/): a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of everything else the web app serves (index.html): always revalidated. */
export const REVALIDATE = 'no-cache';

/** @fastify/static options for the built web app at `root` (an absolute folder, e.g. dist/web). */
export function webStaticOptions(root: string): FastifyStaticOptions {
  const assets = path.join(root, 'assets') + path.sep;
  return {
    root,
    // Routes for the files present at start-up only (dist/web does not change while serving).
    wildcard: false,
    preCompressed: true,
    // Set here instead: send's own header would override the one setHeaders writes.
    cacheControl: false,
    setHeaders: (res: SetHeadersResponse, filePath: string) => {
      res.setHeader('cache-control', filePath.startsWith(assets) ? IMMUTABLE : REVALIDATE);
      res.setHeader('vary', 'accept-encoding');
    },
  };
}
