import type { CreateFeedPost, FeedPost } from '../../../shared/contracts/posts.js';
import type { feedPosts } from '../../db/schema.js';
import { postService, type PostDeps, type PostService } from '../../posts/service.js';
import { feedDefinition } from './definition.js';

export type FeedService = PostService<typeof feedPosts, CreateFeedPost, FeedPost>;

/** The feed's staff service: the post mechanism with the feed's definition (see posts/service.ts). */
export function feedService(deps: PostDeps): FeedService {
  return postService(feedDefinition, deps);
}
