/**
 * The app's one list table (spec section 2 "Common table behaviour"): a search toolbar, server-side
 * pagination of 10 rows with 10 as the only page size, and an Action column whose icon opens the
 * row's side drawer. Page and search live in the URL ({@link useListParams}); the caller fetches
 * with them and passes the page of records and the server's total.
 */
import { ActionIcon, Alert, Group } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { DataTable as MantineDataTable, type DataTableColumn } from 'mantine-datatable';
import { useEffect, type ReactNode } from 'react';
import { PAGE_SIZE } from '../../shared/constants';
import { errorMessage } from '../lib/api-error';
import type { ListParams } from '../lib/use-list-params';
import { SearchInput } from './search-input';

export interface DataTableProps<T> {
  /** The current page from the server (undefined while the first load runs). */
  records: T[] | undefined;
  /** All matches on the server, not just this page. */
  total: number | undefined;
  fetching: boolean;
  error?: unknown;
  /** Data columns; the Action column is added in front. */
  columns: DataTableColumn<T>[];
  /** Unique row key. */
  rowKey: (record: T) => string | number;
  /** Opens the row's drawer. */
  onOpen: (record: T) => void;
  list: ListParams;
  searchPlaceholder?: string;
  /** Extra controls at the right of the toolbar (e.g. a bell). */
  toolbar?: ReactNode;
  noRecordsText?: string;
}

const keepPageSize = () => undefined; // 10 is the only option (spec section 9)

export function DataTable<T>({ records, total, fetching, error, columns, rowKey, onOpen, list, searchPlaceholder, toolbar, noRecordsText = 'No records' }: DataTableProps<T>) {
  const { page, setPage } = list;

  // Rows can leave a list (stage changes): step back when the current page has run out.
  useEffect(() => {
    if (fetching || total === undefined || page <= 1) return;
    const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
    if (page > lastPage) setPage(lastPage);
  }, [fetching, total, page, setPage]);

  const actionColumn: DataTableColumn<T> = {
    accessor: '__action',
    title: 'Action',
    width: 80,
    textAlign: 'center',
    render: (record) => (
      <ActionIcon variant="light" aria-label="Action" title="Open details" onClick={() => onOpen(record)}>
        <IconEye size={18} aria-hidden />
      </ActionIcon>
    ),
  };

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
        withTableBorder
        borderRadius="sm"
        striped
        highlightOnHover
        minHeight={records && records.length > 0 ? undefined : 220}
        fetching={fetching}
        records={records ?? []}
        columns={[actionColumn, ...columns]}
        idAccessor={rowKey}
        noRecordsText={noRecordsText}
        page={page}
        onPageChange={setPage}
        totalRecords={total ?? 0}
        recordsPerPage={PAGE_SIZE}
        recordsPerPageOptions={[PAGE_SIZE]}
        onRecordsPerPageChange={keepPageSize}
        paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
      />
    </>
  );
}
