import type { ListResponse } from '../../../shared/contracts/common.js';
import type { FeedPost } from '../../../shared/contracts/posts.js';
import type { Db } from '../../db/client.js';
import { inSociety } from '../../db/society-scope.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { NotFoundError } from '../../lib/errors.js';
import type { PageRequest } from '../../lib/list-page.js';
import type { ResidentContext } from '../resident-auth/service.js';
import type { FeedService } from './service.js';
import { likesRepo } from './likes-repo.js';

/** A feed post as one resident sees it (ZResidentFeedPost). */
export type ResidentFeedPost = FeedPost & { likedByMe: boolean };
/** PUT/DELETE /api/resident/feed/:id/like → 200 (ZLikeResult). */
export interface LikeResult {
  _id: number;
  likes: number;
  likedByMe: boolean;
}

/**
 * The resident side of the feed, always the resident's own society:
 * - `feed(resident, req)`: 10 a page, newest first, each post with `likedByMe`;
 * - `post(resident, id)`: one of them, the same way (404 for a post not in the resident's society);
 * - `like` / `unlike(resident, id)`: once per resident (feed_likes' primary key); liking twice or
 *   unliking a post not liked changes nothing. 404 for a post not in the resident's society.
 */
export function feedResidentService(deps: { db: Db; feed: FeedService; clock?: Clock }) {
  const { db, feed } = deps;
  const clock = deps.clock ?? systemClock;

  async function change(resident: ResidentContext, id: number, liked: boolean): Promise<LikeResult> {
    return inSociety(db, resident.societyId, async (tx) => {
      const repo = likesRepo(tx);
      const before = await repo.likesOf(resident.societyId, id);
      if (before === undefined) throw new NotFoundError();
      const after = liked ? await repo.like(resident.societyId, id, resident.id, clock.now()) : await repo.unlike(resident.societyId, id, resident.id);
      // undefined: nothing changed (already liked / not liked); read the counter as it is now.
      const likes = after ?? (await repo.likesOf(resident.societyId, id)) ?? before;
      return { _id: id, likes, likedByMe: liked };
    });
  }

  return {
    async feed(resident: ResidentContext, req: PageRequest): Promise<ListResponse<ResidentFeedPost>> {
      const page = await feed.mine(resident, req);
      const liked = await inSociety(db, resident.societyId, (tx) =>
        likesRepo(tx).likedBy(
          resident.id,
          page.items.map((p) => p._id),
        ),
      );
      return { ...page, items: page.items.map((p) => ({ ...p, likedByMe: liked.has(p._id) })) };
    },
    /** One post of the resident's society with `likedByMe` (404 for any other). */
    async post(resident: ResidentContext, id: number): Promise<ResidentFeedPost> {
      const post = await feed.mineOne(resident, id);
      const liked = await inSociety(db, resident.societyId, (tx) => likesRepo(tx).likedBy(resident.id, [id]));
      return { ...post, likedByMe: liked.has(id) };
    },
    like: (resident: ResidentContext, id: number) => change(resident, id, true),
    unlike: (resident: ResidentContext, id: number) => change(resident, id, false),
  };
}
export type FeedResidentService = ReturnType<typeof feedResidentService>;
