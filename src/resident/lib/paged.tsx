/**
 * One page of a resident list (every resident list is `{items, total, nextAfter, prevBefore}`,
 * newest first, ?page=) and the Newer/Older buttons under it.
 */
import { Button, Group, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ListResponse } from '../../shared/contracts/common';
import { t } from '../i18n/catalogue';
import { api } from './api';

/** GET `path`?page=n&…`query` under `key`; the page is this hook's state. */
export function usePaged<T>(key: readonly unknown[], path: string, query: Record<string, string | undefined> = {}) {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...key, page, query],
    queryFn: ({ signal }) => api.get<ListResponse<T>>(path, { page, ...query }, signal),
    placeholderData: keepPreviousData,
  });
  return { list, page, setPage };
}

/** Newer / Older under a list (hidden when there is a single page). */
export function Pager({ page, setPage, hasOlder }: { page: number; setPage(page: number): void; hasOlder: boolean }) {
  if (page === 1 && !hasOlder) return null;
  return (
    <Group justify="space-between">
      <Button variant="default" disabled={page === 1} onClick={() => setPage(page - 1)}>
        {t.newer}
      </Button>
      <Text size="sm">{t.page(page)}</Text>
      <Button variant="default" disabled={!hasOlder} onClick={() => setPage(page + 1)}>
        {t.older}
      </Button>
    </Group>
  );
}
