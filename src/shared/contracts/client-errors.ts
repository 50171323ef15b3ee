/**
 * POST /api/client-errors: what a browser app reports when an error boundary caught something (a
 * screen that failed to render, a chunk that could not load, a live listener that threw). The
 * server writes it as one warn line of its log and stores nothing. Every field is bounded, so the
 * body is small; the apps cut their texts to these lengths before sending (shared/client-errors.ts).
 */
import { z } from 'zod';
import { atMostChars } from './common.js';

export const CLIENT_ERROR_MAX = {
  /** Where it happened: the page's path (no query string: it may hold a search the member typed). */
  path: 300,
  message: 1000,
  /** The stack's first lines; the rest is cut (a minified stack is long and says little more). */
  stack: 4000,
  /** The build it happened in (the entry chunk's name or a release id). */
  release: 100,
} as const;

/** Which app sent it. */
export const CLIENT_APPS = ['dashboard', 'resident'] as const;
/** What failed: a routed screen, a live listener, or the app outside both (the root boundary). */
export const CLIENT_ERROR_KINDS = ['screen', 'listener', 'app'] as const;

const text = (name: string, max: number) => z.string({ error: `${name} must be text.` }).max(max, atMostChars(max));

/**
 * The report: `app`, `kind` and `path` (required), `message` (1–1000 characters), `stack` and
 * `release` (optional, bounded), `chunkLoad` (true when a lazy chunk could not be loaded: a new
 * version replaced it, or the network lost it). Unknown keys are dropped.
 */
export const ZClientErrorReport = z.object({
  app: z.enum(CLIENT_APPS, { error: `app must be one of ${CLIENT_APPS.join(', ')}.` }),
  kind: z.enum(CLIENT_ERROR_KINDS, { error: `kind must be one of ${CLIENT_ERROR_KINDS.join(', ')}.` }),
  path: text('path', CLIENT_ERROR_MAX.path).regex(/^\//, 'path must start with /.'),
  message: text('message', CLIENT_ERROR_MAX.message).min(1, 'message is required.'),
  stack: text('stack', CLIENT_ERROR_MAX.stack).optional(),
  release: text('release', CLIENT_ERROR_MAX.release).optional(),
  chunkLoad: z.boolean({ error: 'chunkLoad must be true or false.' }).optional(),
});
export type ClientErrorReport = z.infer<typeof ZClientErrorReport>;

/** The largest body the route reads (bytes): the fields' limits with room for JSON escapes. */
export const CLIENT_ERROR_BODY_LIMIT = 16 * 1024;
