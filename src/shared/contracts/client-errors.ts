/**
 * POST /api/client-errors: what a browser app reports when an error boundary caught something (a
 * screen that failed to render, a chunk that could not load, a live listener that threw). The
 * server writes it as one warn line of its log and stores nothing. Every field is bounded, so the
 * body is small; the apps cut their texts to these lengths before sending (shared/client-errors.ts).
 */
import { z } from 'zod';
import { CLIENT_ERROR_MAX } from '../client-errors.js';
import { atMostChars } from './common.js';

export { CLIENT_ERROR_MAX };

/** Which app sent it. */
export const CLIENT_APPS = ['dashboard', 'resident'] as const;
/**
 * What failed: a routed screen, a live listener, a part of the shell that loads lazily (a header
 * control, a dialog), or the app outside all of them (a root boundary).
 */
export const CLIENT_ERROR_KINDS = ['screen', 'listener', 'part', 'app'] as const;

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
