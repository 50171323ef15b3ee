/**
 * The post lists' table (spec section 2 "Feed posts", "Discounts", "Plots"; issue 10): a search
 * toolbar, server-side pagination of 5 rows (POST_PAGE_SIZE, the only option), the caller's data
 * columns and a trailing Delete column. Delete asks 'Confirm Delete' / 'Are you sure you want to
 * delete this post?' (Cancel / Delete); the deletion then shows 'Post deleted successfully' (3 s)
 * or 'Error deleting post' (spec section 8). Page, search and cursor live in the URL like every
 * other list (DataTable, which is fixed at 10 rows).
 */
import { ActionIcon, Alert, Button, Group, Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { DataTable as MantineDataTable, type DataTableColumn } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { POST_PAGE_SIZE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { errorMessage } from '../../lib/api-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { ListParams } from '../../lib/use-list-params';
import { SearchInput } from '../../components/search-input';

export interface PostListProps<T> {
  /** Also the table's accessible name, e.g. 'Feed posts'. */
  label: string;
  records: T[] | undefined;
  total: number | undefined;
  totalExact?: boolean;
  fetching: boolean;
  error?: unknown;
  columns: DataTableColumn<T>[];
  rowId: (record: T) => number;
  list: ListParams;
  /** Deletes the post (resolves when the server has answered 2xx). */
  onDelete: (record: T) => Promise<unknown>;
  searchPlaceholder?: string;
}

/** The pager's total: the real one, or while it is a lower bound, one past this page if it is full. */
function pagerTotal(page: number, shown: number, total: number, exact: boolean): number {
  if (exact) return total;
  return (page - 1) * POST_PAGE_SIZE + shown + (shown === POST_PAGE_SIZE ? 1 : 0);
}

const keepPageSize = () => undefined; // 5 is the only option (spec section 9)

export function PostList<T>({ label, records, total, totalExact = true, fetching, error, columns, rowId, list, onDelete, searchPlaceholder }: PostListProps<T>) {
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { page, cursor, setPage } = list;
  const shown = records?.length ?? 0;

  // A deletion can empty the last page: step back to the page that still has rows.
  useEffect(() => {
    if (fetching || total === undefined || records === undefined || page <= 1) return;
    const lastPage = Math.max(1, Math.ceil(total / POST_PAGE_SIZE));
    if (totalExact && page > lastPage) setPage(lastPage);
    else if (records.length === 0 && cursor !== null) setPage(page);
  }, [fetching, total, totalExact, records, page, cursor, setPage]);

  const changePage = (to: number) => {
    const first = records?.[0];
    const last = records?.[records.length - 1];
    setPage(to, !fetching && first !== undefined && last !== undefined ? { first: rowId(first), last: rowId(last) } : undefined);
  };

  const confirm = () => {
    if (toDelete === null || deleting) return;
    setDeleting(true);
    onDelete(toDelete)
      .then(() => notifySuccess(MSG.postDeleted))
      .catch(() => notifyError(MSG.postDeleteFailed))
      .finally(() => {
        setDeleting(false);
        setToDelete(null);
      });
  };

  const deleteColumn: DataTableColumn<T> = {
    accessor: '__delete',
    title: 'Delete',
    width: 80,
    textAlign: 'center',
    render: (record) => (
      <ActionIcon variant="light" color="red" aria-label="Delete" title="Delete this post" onClick={() => setToDelete(record)}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    ),
  };

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm">
        <SearchInput value={list.q} onSearch={list.setQ} placeholder={searchPlaceholder} />
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
        verticalAlign="center"
        minHeight={records && records.length > 0 ? undefined : 220}
        fetching={fetching}
        records={records ?? []}
        columns={[...columns, deleteColumn]}
        idAccessor={rowId}
        noRecordsText={list.q ? 'No posts match this search' : 'No posts yet'}
        page={page}
        onPageChange={changePage}
        totalRecords={pagerTotal(page, shown, total ?? 0, totalExact)}
        recordsPerPage={POST_PAGE_SIZE}
        recordsPerPageOptions={[POST_PAGE_SIZE]}
        onRecordsPerPageChange={keepPageSize}
        paginationText={({ from, to }) => `${from}–${to} of ${(total ?? 0).toLocaleString('en-US')}${totalExact ? '' : '+'}`}
      />
      <Modal opened={toDelete !== null} onClose={() => (deleting ? undefined : setToDelete(null))} title="Confirm Delete" centered>
        <Text mb="md">Are you sure you want to delete this post?</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setToDelete(null)} disabled={deleting}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={deleting}>
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}
