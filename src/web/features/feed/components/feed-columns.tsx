/**
 * The feed list's columns (spec section 2 "Feed posts"): Title (the society's name), Media image,
 * Description, Time, Date; the Delete column is added by PostList.
 */
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { FeedPost } from '../../../../shared/contracts/posts';
import { MediaThumb } from '../../../components/media-thumb';
import { formatDate, formatTime } from '../../../lib/format';

export const feedColumns: DataTableColumn<FeedPost>[] = [
  { accessor: 'title', title: 'Title', width: 180 },
  {
    accessor: 'media',
    title: 'Media image',
    width: 110,
    render: (post) => <MediaThumb media={post.media[0]} more={post.media.length - 1} youtube={post.youtubeLink !== null && post.media.length === 0} />,
  },
  {
    accessor: 'description',
    title: 'Description',
    render: (post) => (
      <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
        {post.description}
      </Text>
    ),
  },
  { accessor: 'time', title: 'Time', width: 100, render: (post) => formatTime(post.createdAt) },
  { accessor: 'date', title: 'Date', width: 110, render: (post) => formatDate(post.createdAt) },
];
