/**
 * HTTP Range requests for served media (RFC 9110 §14): one byte range per request, which is what
 * video players send. Several ranges in one header are answered with the whole file (allowed:
 * a server may ignore Range), as is a header we cannot parse.
 */

/** What to send for a Range header against a file of `size` bytes (`start`/`end` inclusive). */
export type RangeAnswer = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SPEC = /^bytes=(\d*)-(\d*)$/i;

/**
 * Reads a Range header: `bytes=a-b`, `bytes=a-` (to the end), `bytes=-n` (the last n bytes).
 * An end past the file is clipped; a start at or past the end of the file, or `-0`, is
 * unsatisfiable (416). Anything else — absent, malformed, several ranges, another unit — is the
 * full file.
 * @param size the file's size in bytes
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'full' };
  const m = SPEC.exec(header.trim());
  if (!m) return { kind: 'full' };
  const [, first = '', last = ''] = m;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (!Number.isSafeInteger(suffix)) return { kind: 'full' };
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}
