/**
 * One guard for every route's input: text PostgreSQL cannot store is refused
 * with a 400 before any handler (or database query) runs, so no module has to remember it.
 *
 * - U+0000 (NUL): PostgreSQL text cannot hold it; the query fails (a 500 before this guard).
 * - An unpaired UTF-16 surrogate (U+D800–U+DFFF alone): not valid Unicode; the drivers would
 *   silently store U+FFFD instead, so the stored text would not be what was sent.
 * - A bidirectional embedding, override or isolate control (U+202A–U+202E, U+2066–U+2069): it
 *   reorders the text shown after it ("Trojan Source"), so a name or title could read as
 *   something else on a staff screen or in a resident's app. Refused in every text field (all
 *   text sent to us is shown somewhere), except passwords, which are never shown and must match
 *   as typed. Arabic and Urdu letters, and the implicit marks U+200E/U+200F, stay accepted.
 */
import type { FastifyRequest } from 'fastify';
import { BIDI_CONTROL } from '../../shared/constants.js';
import { MSG } from '../../shared/messages.js';
import { BadRequestError } from './errors.js';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A field never shown to anyone (its value is compared as typed): bidi controls are allowed there. */
const UNSHOWN_FIELD = /password$/i;

/**
 * Why a string cannot be stored, or undefined when it can.
 * @param opts.allowBidi true for a value that is never shown (a password): skips the bidi check.
 */
export function unstorableReason(s: string, opts: { allowBidi?: boolean } = {}): string | undefined {
  if (s.includes('\u0000')) return MSG.textNul;
  if (LONE_SURROGATE.test(s)) return MSG.textBrokenCharacter;
  if (!opts.allowBidi && BIDI_CONTROL.test(s)) return MSG.textBidiControl;
  return undefined;
}

/**
 * Walks `value` (parsed JSON, a query object, path params) without recursion, so a deeply nested
 * body cannot overflow the stack, and checks every string and every object key (a string directly
 * under a key ending in 'password' may hold bidi controls: see the file's header).
 * @returns the first bad string's path (segments joined by '.', as the error handler names zod
 *   fields; '' for `value` itself) and the message, or undefined when every string is storable.
 */
export function findUnstorableText(value: unknown): { path: string; message: string } | undefined {
  const stack: { v: unknown; path: string; unshown?: boolean }[] = [{ v: value, path: '' }];
  const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  while (stack.length > 0) {
    const { v, path, unshown } = stack.pop()!;
    if (typeof v === 'string') {
      const message = unstorableReason(v, { allowBidi: unshown });
      if (message) return { path, message };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: join(path, i) });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const message = unstorableReason(key);
        if (message) return { path: join(path, key), message };
        stack.push({ v: child, path: join(path, key), unshown: UNSHOWN_FIELD.test(key) });
      }
    }
  }
  return undefined;
}

/**
 * preValidation hook (registered once in app.ts, so every route gets it): path params, query
 * string and body, in that order. @throws BadRequestError (400) whose `field` is the path inside
 * that part ('complain', 'q', 'id', 'items.0.name') or the part's name ('body') when the part
 * itself is the bad string — the same naming as the error handler's zod 400s.
 */
export async function inputGuard(req: FastifyRequest): Promise<void> {
  const parts: [string, unknown][] = [
    ['params', req.params],
    ['querystring', req.query],
    ['body', req.body],
  ];
  for (const [part, value] of parts) {
    const bad = findUnstorableText(value);
    if (bad) throw new BadRequestError(bad.message, bad.path || part);
  }
}
