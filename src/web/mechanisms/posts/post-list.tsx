/**
 * The post lists' table (spec section 2 "Feed posts", "Discounts", "Plots"): the app's one
 * DataTable at 5 rows a page (POST_PAGE_SIZE, the only option), the kind's data columns and a
 * trailing Delete column. Delete asks 'Confirm Delete' / 'Are you sure you want to delete this
 * post?' (Cancel / Delete); the deletion then shows 'Post deleted successfully' (3 s) or 'Error
 * deleting post' (spec section 8). Page, search and cursor live in the URL like every other list.
 */
import { IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { POST_PAGE_SIZE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, iconColumn } from '../../components/data-table';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useListParams } from '../../lib/use-list-params';
import type { PostListApi } from './post-api';

export interface PostListProps<T extends { _id: number }> {
  /** The table's accessible name, e.g. 'Feed posts'. */
  label: string;
  /** The post kind's api (createPostApi). */
  posts: PostListApi<T>;
  columns: DataTableColumn<T>[];
  /** The screen's name for the member's choice of columns, e.g. 'plots'. */
  columnsKey: string;
  searchPlaceholder?: string;
}

export function PostList<T extends { _id: number }>({ label, posts, columns, columnsKey, searchPlaceholder }: PostListProps<T>) {
  const list = useListParams();
  const query = posts.usePosts(list.view);
  const remove = posts.useDeletePost();
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirm = () => {
    if (toDelete === null || deleting) return;
    setDeleting(true);
    remove
      .mutateAsync(toDelete._id)
      .then(() => notifySuccess(MSG.postDeleted))
      .catch(() => notifyError(MSG.postDeleteFailed))
      .finally(() => {
        setDeleting(false);
        setToDelete(null);
      });
  };

  const deleteColumn = iconColumn<T>({
    title: 'Delete',
    label: 'Delete',
    hint: 'Delete this post',
    color: 'red',
    icon: <IconTrash size={18} aria-hidden />,
    onClick: setToDelete,
  });

  return (
    <>
      <DataTable<T>
        query={query}
        pageSize={POST_PAGE_SIZE}
        label={label}
        columns={[...columns, deleteColumn]}
        columnsKey={columnsKey}
        rowId={(post) => post._id}
        list={list}
        searchPlaceholder={searchPlaceholder}
        noRecordsText={list.q ? 'No posts match this search' : 'No posts yet'}
        exportOf={{ path: posts.path }}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Confirm Delete"
        message="Are you sure you want to delete this post?"
        confirmLabel="Delete"
        danger
        busy={deleting}
        onConfirm={confirm}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
