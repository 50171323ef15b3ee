/**
 * List state kept in the component instead of the URL, for a table that does not own the URL:
 * the second table of a screen (the pending registrations on /Status, a desk's overdue list),
 * whose screen's main list has the URL's `page`/`q`/cursor, or a table in a drawer (the SOS drills).
 * Same rules as `useListParams` (`list-params.ts`): a step of one page keeps a keyset cursor, a new
 * search goes back to page 1.
 */
import { useCallback, useMemo, useState } from 'react';
import { cursorFor, FIRST_PAGE, type ListView, type PageEdges } from './list-params';
import type { ListParams } from './use-list-params';

/** Page 1 without a search at first; `setPage`/`setQ` follow the URL list's rules. */
export function useLocalListParams(): ListParams {
  const [view, setView] = useState<ListView>(FIRST_PAGE);
  const setPage = useCallback(
    (to: number, edges?: PageEdges) => setView((prev) => ({ page: Math.max(1, to), q: prev.q, cursor: cursorFor(prev.page, to, edges) })),
    [],
  );
  const setQ = useCallback((q: string) => setView({ page: 1, q: q.trim(), cursor: null }), []);
  return useMemo(() => ({ ...view, view, setPage, setQ }), [view, setPage, setQ]);
}
