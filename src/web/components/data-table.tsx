/**
 * The app's one list table (spec section 2 "Common table behaviour"): a search toolbar, server-side
 * pagination with one page size (10; the post lists 5, spec section 9), and an optional Action
 * column whose icon opens the row's side drawer. Page, search and keyset cursor live in the URL
 * ({@link useListParams}); the caller fetches with them and passes its list query, whose page of
 * records and server total the table shows.
 *
 * Paging one step forward or back hands the rows' ids to the URL as a cursor (docs/adr/0003). A
 * total that is only a lower bound (`totalExact` false: a search with more than 1,000 matches)
 * shows as '1,000+', and the pager offers the next page while this one is full instead of a page
 * count it does not know.
 */
import { ActionIcon, Alert, Group } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { DataTable as MantineDataTable, type DataTableColumn } from 'mantine-datatable';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { PAGE_SIZE } from '../../shared/constants';
import { errorMessage } from '../lib/api-error';
import type { ListPage } from '../lib/list-cache';
import type { ListParams } from '../lib/use-list-params';
import { SearchInput } from './search-input';

/** What the table reads of a list page's query (a `useList` result of lib/list-api.ts). */
export type ListQueryState<T> = Pick<UseQueryResult<ListPage<T>>, 'data' | 'isFetching' | 'isPlaceholderData' | 'error'>;

export interface DataTableProps<T> {
  /** The list page's query: its page of records, the server's total and whether it is exact. */
  query: ListQueryState<T>;
  /** Rows a page (default PAGE_SIZE, 10): the only page size offered. */
  pageSize?: number;
  /** The table's accessible name, e.g. 'Feed posts'. */
  label?: string;
  /** Data columns; the Action column is added in front when `onOpen` is given. */
  columns: DataTableColumn<T>[];
  /** The row's `_id`: its key, and the cursor when paging one step (lists are newest first by it). */
  rowId: (record: T) => number;
  /**
   * Opens the row's drawer from a leading Action column. Omit it for a list whose columns carry
   * their own buttons (the spec's order lists start with Update and View).
   */
  onOpen?: (record: T) => void;
  list: ListParams;
  searchPlaceholder?: string;
  /** Extra controls at the right of the toolbar (e.g. a bell). */
  toolbar?: ReactNode;
  noRecordsText?: string;
}

/** A column of one icon button a row (Action, View, Update, Delete): its title is the header, `label` the button's name. */
export function iconColumn<T>(column: {
  title: string;
  label: string;
  hint: string;
  icon: ReactNode;
  onClick: (record: T) => void;
  color?: string;
  width?: number;
}): DataTableColumn<T> {
  return {
    accessor: `__${column.label.toLowerCase()}`,
    title: column.title,
    width: column.width ?? 80,
    textAlign: 'center',
    render: (record) => (
      <ActionIcon variant="light" color={column.color} aria-label={column.label} title={column.hint} onClick={() => column.onClick(record)}>
        {column.icon}
      </ActionIcon>
    ),
  };
}

const keepPageSize = () => undefined; // one page size per list (spec section 9)

/** What the pager is given: the real total, or while it is a lower bound, one page past this one if it is full. */
export function pagerTotal(page: number, shown: number, total: number, exact: boolean, pageSize = PAGE_SIZE): number {
  if (exact) return total;
  return (page - 1) * pageSize + shown + (shown === pageSize ? 1 : 0);
}

export function DataTable<T>({
  query,
  pageSize = PAGE_SIZE,
  label,
  columns,
  rowId,
  onOpen,
  list,
  searchPlaceholder,
  toolbar,
  noRecordsText = 'No records',
}: DataTableProps<T>) {
  const { data, error } = query;
  const records = data?.items;
  const total = data?.total;
  const totalExact = data?.totalExact ?? true;
  // The loader shows while nothing or the previous page's placeholder is on screen, not on a background refetch.
  const fetching = query.isFetching && (query.isPlaceholderData || !data);
  const { page, cursor, setPage } = list;
  const shown = records?.length ?? 0;

  // Rows can leave a list (stage changes, deletions): step back when the current page has run out,
  // and read an emptied cursor page by offset instead (both moves drop the cursor).
  useEffect(() => {
    if (fetching || total === undefined || records === undefined || page <= 1) return;
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    if (totalExact && page > lastPage) setPage(lastPage);
    else if (records.length === 0 && cursor !== null) setPage(page);
  }, [fetching, total, totalExact, records, page, cursor, setPage, pageSize]);

  const changePage = (to: number) => {
    const first = records?.[0];
    const last = records?.[records.length - 1];
    // Only rows of the page on screen make a cursor (not the previous page kept while loading).
    setPage(to, !fetching && first !== undefined && last !== undefined ? { first: rowId(first), last: rowId(last) } : undefined);
  };

  const actionColumns: DataTableColumn<T>[] = onOpen
    ? [iconColumn<T>({ title: 'Action', label: 'Action', hint: 'Open details', icon: <IconEye size={18} aria-hidden />, onClick: onOpen })]
    : [];

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm">
        <SearchInput value={list.q} onSearch={list.setQ} placeholder={searchPlaceholder} />
        {toolbar}
      </Group>
      {error ? (
        <Alert color="red" mb="sm" title="Could not load the list">
          {errorMessage(error)}
        </Alert>
      ) : null}
      <MantineDataTable<T>
        aria-label={label}
        withTableBorder
        borderRadius="sm"
        striped
        highlightOnHover
        minHeight={records && records.length > 0 ? undefined : 220}
        fetching={fetching}
        records={records ?? []}
        columns={[...actionColumns, ...columns]}
        idAccessor={rowId}
        noRecordsText={noRecordsText}
        page={page}
        onPageChange={changePage}
        totalRecords={pagerTotal(page, shown, total ?? 0, totalExact, pageSize)}
        recordsPerPage={pageSize}
        recordsPerPageOptions={[pageSize]}
        onRecordsPerPageChange={keepPageSize}
        paginationText={({ from, to }) => `${from}–${to} of ${(total ?? 0).toLocaleString('en-US')}${totalExact ? '' : '+'}`}
      />
    </>
  );
}
