/** The feed's export (GET /api/feed/export): the society's posts as the table lists them (media as a count). */
import type { FeedPost } from '../../../shared/contracts/posts.js';
import type { ExportColumn } from '../../lib/list-export.js';

export const feedExportColumns: readonly ExportColumn<FeedPost>[] = [
  { title: 'ID', format: 'int', value: (p) => p._id },
  { title: 'Title', format: 'text', value: (p) => p.title },
  { title: 'Description', format: 'text', value: (p) => p.description },
  { title: 'YouTube link', format: 'text', value: (p) => p.youtubeLink },
  { title: 'Media', format: 'int', value: (p) => p.media.length },
  { title: 'Likes', format: 'int', value: (p) => p.likes },
  { title: 'Posted', format: 'datetime', value: (p) => p.createdAt },
];
