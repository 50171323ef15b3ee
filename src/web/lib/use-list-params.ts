/**
 * List state in the URL (STYLE: documenso): `?page=N&q=text`. Page 1 and an empty search are
 * left out so a plain path means "first page, no search". Changing the search resets to page 1.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParams {
  /** 1-based page number. */
  page: number;
  /** Trimmed search text sent to the server as `q`. */
  q: string;
  setPage: (page: number) => void;
  setQ: (q: string) => void;
}

export function useListParams(): ListParams {
  const [params, setParams] = useSearchParams();
  const parsed = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(parsed) && parsed > 1 ? parsed : 1;
  const q = (params.get('q') ?? '').trim();

  const setPage = useCallback(
    (next: number) =>
      setParams((prev) => {
        const copy = new URLSearchParams(prev);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      }),
    [setParams],
  );

  const setQ = useCallback(
    (next: string) =>
      setParams(
        (prev) => {
          const copy = new URLSearchParams(prev);
          copy.delete('page');
          const text = next.trim();
          if (text) copy.set('q', text);
          else copy.delete('q');
          return copy;
        },
        // Typing is not navigation: do not fill the history with every search.
        { replace: true },
      ),
    [setParams],
  );

  return { page, q, setPage, setQ };
}
