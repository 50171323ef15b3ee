/**
 * The list exports' messages (spec deviation 89). Kept apart from messages.ts (MSG), which the
 * staff shell's initial load carries: only the server and the lazy list screens need these.
 */

export const EXPORT_MSG = {
  /** GET <list>/export past EXPORT_MAX_PER_MINUTE: {wait} is filled in (tryAgainIn). */
  tooMany: 'Too many exports, try again in {wait}.',
  /** Refused because the writer threads and their queue are full (429). */
  busy: 'Other exports are being prepared right now. Try again in a minute.',
  /** The writer ran out of time or memory, or failed (503). */
  failed: 'The export could not be prepared. Narrow the list with the search or filters and try again.',
  /** An export cut at EXPORT_MAX_ROWS (the toast and the file's About sheet): {@link exportTruncatedText} fills in `{rows}`. */
  truncated: "Only the newest {rows} of the list's rows were exported; narrow it with the search or filters.",
} as const;

/** EXPORT_MSG.truncated for an export cut at `rows` rows ('100,000'). */
export function exportTruncatedText(rows: number): string {
  return EXPORT_MSG.truncated.replace('{rows}', rows.toLocaleString('en-US'));
}
