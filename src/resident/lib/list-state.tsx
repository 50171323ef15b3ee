/** What a list shows before its first page or instead of it: a spinner, the failure, or "Nothing here yet". */
import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListResponse } from '../../shared/contracts/common';
import { ErrorNotice } from '../app/error-notice';
import { Loading } from '../app/loading';
import { t } from '../i18n/catalogue';

/**
 * Renders `children(items)` once `list` has a page with items; before that a spinner, on failure
 * the error with a retry, and "Nothing here yet." for an empty page.
 */
export function ListState<T>({ list, children }: { list: UseQueryResult<ListResponse<T>>; children: (items: T[]) => ReactNode }) {
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0) return <Text c="dimmed">{t.empty}</Text>;
  return <>{children(list.data.items)}</>;
}
