/**
 * Feed posts (/CMS; spec section 2 "Feed posts"), on the shared post API
 * (lib/post-api.ts):
 * - GET /api/feed?page&q[&after|&before] → {items: FeedPost[], total, totalExact}, 5 a page;
 * - POST /api/feed {description, youtubeLink?, mediaIds?} → 201 FeedPost; 400 with the spec's
 *   message (ZCreateFeedPost) and the field at fault;
 * - DELETE /api/feed/:id.
 * Query keys `['feed', 'list', {}, page, q, cursor]`.
 */
import { ZFeedPost, type CreateFeedPost, type FeedPost } from '../../../../shared/contracts/posts';
import { createPostApi } from '../../../mechanisms/posts/post-api';

export const feedPosts = createPostApi<FeedPost, CreateFeedPost>({ root: 'feed', path: '/api/feed', itemSchema: ZFeedPost });
