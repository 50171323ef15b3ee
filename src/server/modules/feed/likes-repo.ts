import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { feedLikes, feedPosts } from '../../db/schema.js';

/**
 * feed_likes and the posts' `likes` counter. Call inside the
 * resident's `inSociety` transaction. The counter moves in the same transaction as the like row,
 * and only when that row was really inserted or deleted, by `likes ± 1` under the post's row
 * lock: concurrent likes by different residents each count once, exactly.
 */
export function likesRepo(db: Db) {
  const post = (societyId: number, postId: number) => and(eq(feedPosts.societyId, societyId), eq(feedPosts.id, postId));
  return {
    /** The post's current likes, or undefined when the society has no such post. */
    async likesOf(societyId: number, postId: number): Promise<number | undefined> {
      const [row] = await db.select({ likes: feedPosts.likes }).from(feedPosts).where(post(societyId, postId));
      return row?.likes;
    },
    /** Records the like once (primary key post + resident). @returns the likes after it, or undefined if it already existed. */
    async like(societyId: number, postId: number, residentId: number, at: Date): Promise<number | undefined> {
      const added = await db
        .insert(feedLikes)
        .values({ postId, residentId, societyId, createdAt: at })
        .onConflictDoNothing()
        .returning({ postId: feedLikes.postId });
      if (added.length === 0) return undefined;
      const [row] = await db
        .update(feedPosts)
        .set({ likes: sql`${feedPosts.likes} + 1` })
        .where(post(societyId, postId))
        .returning({ likes: feedPosts.likes });
      return row?.likes;
    },
    /** Removes the like. @returns the likes after it, or undefined if there was none. */
    async unlike(societyId: number, postId: number, residentId: number): Promise<number | undefined> {
      const removed = await db
        .delete(feedLikes)
        .where(and(eq(feedLikes.societyId, societyId), eq(feedLikes.postId, postId), eq(feedLikes.residentId, residentId)))
        .returning({ postId: feedLikes.postId });
      if (removed.length === 0) return undefined;
      const [row] = await db
        .update(feedPosts)
        .set({ likes: sql`greatest(${feedPosts.likes} - 1, 0)` })
        .where(post(societyId, postId))
        .returning({ likes: feedPosts.likes });
      return row?.likes;
    },
    /** Whether the resident likes it, for each of `postIds`. */
    async likedBy(residentId: number, postIds: readonly number[]): Promise<Set<number>> {
      if (postIds.length === 0) return new Set();
      const rows = await db
        .select({ postId: feedLikes.postId })
        .from(feedLikes)
        .where(and(eq(feedLikes.residentId, residentId), inArray(feedLikes.postId, [...postIds])));
      return new Set(rows.map((r) => r.postId));
    },
  };
}
