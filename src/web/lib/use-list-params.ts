/**
 * List state in the URL (STYLE: documenso): `?page=N&q=text[&after=<id>|&before=<id>]`. The rules
 * (which move keeps a cursor, what a search resets) are the pure functions of `list-params.ts`.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListView, withPage, withSearch, type ListView, type PageEdges } from './list-params';

export interface ListParams extends ListView {
  /** The page, search and cursor to fetch, as one value (stable while the URL is unchanged). */
  view: ListView;
  /**
   * Goes to page `to`. With `edges` (the rows on screen, not a placeholder) a step of one page
   * keeps a keyset cursor; anything else drops it.
   */
  setPage: (to: number, edges?: PageEdges) => void;
  /** New search text: back to page 1 without a cursor. */
  setQ: (q: string) => void;
}

/** The list state of the current URL and the two ways to change it. */
export function useListParams(): ListParams {
  const [params, setParams] = useSearchParams();
  const { page, q, cursor } = readListView(params);
  const after = cursor && 'after' in cursor ? cursor.after : undefined;
  const before = cursor && 'before' in cursor ? cursor.before : undefined;
  const view = useMemo<ListView>(
    () => ({ page, q, cursor: after !== undefined ? { after } : before !== undefined ? { before } : null }),
    [page, q, after, before],
  );

  const setPage = useCallback((to: number, edges?: PageEdges) => setParams((prev) => withPage(prev, to, edges)), [setParams]);

  // Typing is not navigation: do not fill the history with every search.
  const setQ = useCallback((next: string) => setParams((prev) => withSearch(prev, next), { replace: true }), [setParams]);

  return { ...view, view, setPage, setQ };
}
