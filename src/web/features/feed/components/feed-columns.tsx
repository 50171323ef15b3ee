/**
 * The feed list's columns (spec section 2 "Feed posts"): Title (the society's name), Media image,
 * Description, Time, Date; the Delete column is added by PostList. The title, the same on every
 * row, shows on a wide screen only, so Delete stays in view on a tablet.
 */
import type { DataTableColumn } from 'mantine-datatable';
import type { FeedPost } from '../../../../shared/contracts/posts';
import { optionalColumn, truncatedColumn } from '../../../components/data-table';
import { MediaThumb } from '../../../components/media-thumb';
import { formatDate, formatTime } from '../../../../shared/format/dates';

export const feedColumns: DataTableColumn<FeedPost>[] = [
  optionalColumn<FeedPost>({ accessor: 'title', title: 'Title', width: 180 }, 'wide'),
  {
    accessor: 'media',
    title: 'Media image',
    width: 110,
    render: (post) => <MediaThumb media={post.media[0]} more={post.media.length - 1} youtube={post.youtubeLink !== null && post.media.length === 0} />,
  },
  truncatedColumn<FeedPost>({ accessor: 'description', title: 'Description' }),
  { accessor: 'time', title: 'Time', width: 100, render: (post) => formatTime(post.createdAt) },
  { accessor: 'date', title: 'Date', width: 110, render: (post) => formatDate(post.createdAt) },
];
