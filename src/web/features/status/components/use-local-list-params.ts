/**
 * List state kept in the component instead of the URL, for the second table of a screen (the
 * pending registrations on /Status): the URL's `page`/`q`/cursor belong to the screen's main list.
 * Same rules as `useListParams` (`list-params.ts`): a step of one page keeps a keyset cursor, a new
 * search goes back to page 1.
 */
import { useCallback, useMemo, useState } from 'react';
import { cursorFor, FIRST_PAGE, type ListView, type PageEdges } from '../../../lib/list-params';
import type { ListParams } from '../../../lib/use-list-params';

export function useLocalListParams(): ListParams {
  const [view, setView] = useState<ListView>(FIRST_PAGE);
  const setPage = useCallback(
    (to: number, edges?: PageEdges) => setView((prev) => ({ page: Math.max(1, to), q: prev.q, cursor: cursorFor(prev.page, to, edges) })),
    [],
  );
  const setQ = useCallback((q: string) => setView({ page: 1, q: q.trim(), cursor: null }), []);
  return useMemo(() => ({ ...view, view, setPage, setQ }), [view, setPage, setQ]);
}
