import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { media, societies } from '../../db/schema.js';

/**
 * The society's logo setting (spec section 3 "Logo setting"): `societies.logo_media_id`.
 * Runs inside `inSociety`: the societies policy lets a society read and update its own row only.
 */
export function logoRepo(db: Db) {
  return {
    /**
     * The society's current logo media id (null: none), its row locked until the transaction
     * ends, so two logo changes run one after another (FOR NO KEY UPDATE: rows being inserted
     * that reference the society are not held up). undefined when the row is not visible.
     */
    async lockCurrent(societyId: number): Promise<string | null | undefined> {
      const [row] = await db.select({ logo: societies.logoMediaId }).from(societies).where(eq(societies.id, societyId)).for('no key update');
      return row?.logo;
    },
    /** The society's current logo media id (null: none). */
    async current(societyId: number): Promise<string | null> {
      const [row] = await db.select({ logo: societies.logoMediaId }).from(societies).where(eq(societies.id, societyId));
      return row?.logo ?? null;
    },
    /**
     * Marks the society's upload `mediaId` as used at `at` if it is live and not used yet (one
     * statement, so two requests cannot both take it). @returns false otherwise.
     */
    async claimMedia(societyId: number, mediaId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(media)
        .set({ attachedAt: at })
        .where(and(eq(media.id, mediaId), eq(media.societyId, societyId), isNull(media.attachedAt), isNull(media.deletedAt)))
        .returning({ id: media.id });
      return rows.length === 1;
    },
    async set(societyId: number, mediaId: string): Promise<void> {
      await db.update(societies).set({ logoMediaId: mediaId }).where(eq(societies.id, societyId));
    },
  };
}
