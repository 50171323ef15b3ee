/**
 * Reporting what both browser apps' error boundaries catch to the server's log (POST
 * /api/client-errors, the contract in contracts/client-errors.ts). No zod and no React here: the
 * resident app's initial load holds it; the dashboard, whose initial load is at its budget, loads
 * it as a chunk on the first error (web/lib/client-errors.ts).
 */
import { isChunkLoadError } from './chunk-error.js';
import { BIDI_CONTROL } from './constants.js';
import type { ClientErrorReport } from './contracts/client-errors.js';

/**
 * The longest text of each report field (the contract's limits; the reporter cuts to them): the
 * path (without its query string), the message, the stack's first lines (a minified stack is long
 * and says little more) and the release (the entry chunk's name).
 */
export const CLIENT_ERROR_MAX = { path: 300, message: 1000, stack: 4000, release: 100 } as const;

/** At most this many reports leave one page a minute. */
export const REPORTS_PER_MINUTE = 3;
// Text the server refuses (lib/input-guard.ts): NUL, a lone surrogate, bidi controls. A report of a
// message holding one must still arrive, so they are replaced rather than sent.
// eslint-disable-next-line no-control-regex
const UNSENDABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const clean = (s: string, max: number) => s.replace(UNSENDABLE, '\uFFFD').replace(new RegExp(BIDI_CONTROL.source, 'g'), '\uFFFD').slice(0, max);

export interface ErrorReporterOptions {
  app: ClientErrorReport['app'];
  /** The build the page runs (the entry chunk's file name): which release a failure belongs to. */
  release?: string;
  /** Extra headers of the request (the resident app's bearer token: its per-session limit). */
  headers?: () => Record<string, string>;
  /** Epoch ms (tests). */
  now?: () => number;
  /** Sends one report; default: fetch with `keepalive` (it outlives a reload the member clicks). */
  send?: (body: string, headers: Record<string, string>) => void;
}

/** What a boundary calls with what it caught: `kind` of part, the path it was at. */
export type ReportError = (kind: ClientErrorReport['kind'], error: unknown, path: string) => void;

function sendByFetch(body: string, headers: Record<string, string>): void {
  // Fire and forget: a report that cannot be sent (offline, 429) is dropped, never retried.
  void fetch('/api/client-errors', {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  }).catch(() => undefined);
}

/**
 * A reporter for one app: each distinct failure once a page load, at most
 * {@link REPORTS_PER_MINUTE} a minute (the server limits too; this keeps a render loop from even
 * trying). The path is sent without its query string (it may hold what a member searched for).
 */
export function errorReporter(opts: ErrorReporterOptions): ReportError {
  const now = opts.now ?? Date.now;
  const send = opts.send ?? sendByFetch;
  const seen = new Set<string>();
  const sent: number[] = [];
  return (kind, error, path) => {
    const message = clean(error instanceof Error ? `${error.name}: ${error.message}` : String(error), CLIENT_ERROR_MAX.message) || 'Unknown error';
    const where = clean(path.split(/[?#]/)[0] || '/', CLIENT_ERROR_MAX.path);
    const key = `${kind} ${where} ${message}`;
    if (seen.has(key)) return;
    const t = now();
    while (sent.length && t - sent[0]! >= 60_000) sent.shift();
    if (sent.length >= REPORTS_PER_MINUTE) return;
    seen.add(key);
    sent.push(t);
    const stack = error instanceof Error && error.stack ? clean(error.stack, CLIENT_ERROR_MAX.stack) : undefined;
    const report: ClientErrorReport = {
      app: opts.app,
      kind,
      path: where,
      message,
      ...(stack && { stack }),
      ...(opts.release && { release: clean(opts.release, CLIENT_ERROR_MAX.release) }),
      chunkLoad: isChunkLoadError(error),
    };
    try {
      send(JSON.stringify(report), opts.headers?.() ?? {});
    } catch {
      // Reporting must never be what breaks the page.
    }
  };
}
