import type { CreateFeedPost, FeedPost } from '../../../shared/contracts/posts.js';
import { PUSH } from '../../../shared/messages.js';
import { feedPosts } from '../../db/schema.js';
import { mediaList, type PostDefinition } from '../../posts/definition.js';

/**
 * Feed posts (/CMS; spec sections 2 "Feed posts", 3 "Feed post", 5): a YouTube link or 1–5
 * images/videos, and a description. The title is the author's society's name; likes start at 0
 * (residents like through modules/feed/likes.ts). Staff of 'feed' (cms, cms-all).
 */
export const feedDefinition: PostDefinition<typeof feedPosts, CreateFeedPost, FeedPost> = {
  entity: 'feed_post',
  module: 'feed',
  table: feedPosts,
  searchColumns: [feedPosts.title, feedPosts.description, feedPosts.youtubeLink],
  mediaFields: (body) => [{ field: 'mediaIds', ids: body.mediaIds ?? [], kind: 'any' }],
  toRow: (body, staff) => ({
    title: staff.societyName,
    description: body.description,
    youtubeLink: body.youtubeLink ? body.youtubeLink : null,
    mediaIds: [...new Set(body.mediaIds ?? [])],
    likes: 0,
  }),
  mediaIdsOf: (row) => row.mediaIds,
  toDto: (row, societyName, media) => ({
    _id: row.id,
    societyName,
    createdAt: row.createdAt.toISOString(),
    title: row.title,
    description: row.description,
    youtubeLink: row.youtubeLink,
    media: mediaList(row.mediaIds, media),
    likes: row.likes,
  }),
  push: PUSH.feedPosted,
  pushItem: 'post',
};
