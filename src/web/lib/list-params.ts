/**
 * The list state kept in the URL, as pure functions over `URLSearchParams` (the hook is
 * `use-list-params.ts`): `?page=N&q=text[&after=<id>|&before=<id>]`, the keyset cursor of
 * docs/adr/0003-pagination-and-counting.md. Page 1, an empty search and no cursor are left out,
 * so a plain path means "first page, no search".
 *
 * Cursor rules (lists are newest first by `_id`):
 * - one page forward (N → N+1) keeps `after` = the `_id` of the last row of page N;
 * - one page back (N → N-1, N-1 > 1) keeps `before` = the `_id` of the first row of page N;
 * - any other move (first, last, a typed page, a step back after rows left, page 1) drops the
 *   cursor: the server then reads the page by offset from the nearer end;
 * - a new search goes to page 1 without a cursor.
 */

/** Where a page starts: after a row (going forward) or before one (going back); null = by offset. */
export type ListCursor = { after: number } | { before: number } | null;

/** One page of one list as the URL names it. */
export interface ListView {
  /** 1-based page number. */
  page: number;
  /** Trimmed search text sent to the server as `q`. */
  q: string;
  cursor: ListCursor;
}

/** The unsearched first page (what bells and live arrivals use). */
export const FIRST_PAGE: ListView = { page: 1, q: '', cursor: null };

/** The `_id`s of the first and last rows of the page on screen. */
export interface PageEdges {
  first: number;
  last: number;
}

function positiveInt(text: string | null): number | null {
  if (text === null || !/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= 2_147_483_647 ? value : null;
}

/** Reads page, search and cursor; a malformed value counts as absent, both cursors as none. */
export function readListView(params: URLSearchParams): ListView {
  const page = positiveInt(params.get('page')) ?? 1;
  const q = (params.get('q') ?? '').trim();
  const after = positiveInt(params.get('after'));
  const before = positiveInt(params.get('before'));
  let cursor: ListCursor = null;
  // Page 1 is always read from the top: a cursor there could hide rows that arrived since.
  if (page > 1 && after !== null && before === null) cursor = { after };
  if (page > 1 && before !== null && after === null) cursor = { before };
  return { page, q, cursor };
}

/** The cursor for moving from page `from` to page `to`, given the rows now on screen. */
export function cursorFor(from: number, to: number, edges: PageEdges | undefined): ListCursor {
  if (!edges || to <= 1) return null;
  if (to === from + 1) return { after: edges.last };
  if (to === from - 1) return { before: edges.first };
  return null;
}

/** The URL after moving to page `to` (see the module's cursor rules). */
export function withPage(params: URLSearchParams, to: number, edges?: PageEdges): URLSearchParams {
  const from = readListView(params).page;
  const next = new URLSearchParams(params);
  next.delete('after');
  next.delete('before');
  if (to <= 1) next.delete('page');
  else next.set('page', String(to));
  const cursor = cursorFor(from, to, edges);
  if (cursor && 'after' in cursor) next.set('after', String(cursor.after));
  if (cursor && 'before' in cursor) next.set('before', String(cursor.before));
  return next;
}

/** The URL after a new search: page 1, no cursor; an empty search is left out. */
export function withSearch(params: URLSearchParams, q: string): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['page', 'after', 'before']) next.delete(key);
  const text = q.trim();
  if (text) next.set('q', text);
  else next.delete('q');
  return next;
}
