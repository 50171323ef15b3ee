import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { media } from '../../db/schema.js';
import type { Media } from '../../../shared/contracts/media.js';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

/** File extension of a stored content type ('.webp' for image/webp…). */
export function extensionOf(mime: string): string {
  const ext: Record<string, string> = {
    'image/jpeg': '.jpg',
    'image/png': '.png',
    'image/webp': '.webp',
    'image/gif': '.gif',
    'video/mp4': '.mp4',
    'video/webm': '.webm',
  };
  return ext[mime] ?? '';
}

/**
 * Public URL paths of a media row: `/media/<id><ext>` for the display file and
 * `/media/<id>-thumb.webp` for an image's thumbnail. Served by the media module's GET /media/:file.
 */
export function mediaPaths(row: Pick<MediaRow, 'id' | 'mime' | 'thumbKey'>): { url: string; thumbUrl: string | null } {
  return { url: `/media/${row.id}${extensionOf(row.mime)}`, thumbUrl: row.thumbKey ? `/media/${row.id}-thumb.webp` : null };
}

/** The API shape of a stored media row ({@link Media}). */
export function toMediaDto(row: MediaRow): Media {
  return { id: row.id, ...mediaPaths(row), kind: row.kind, mime: row.mime, width: row.width, height: row.height };
}

/**
 * Media rows. Society-scoped calls run inside `inSociety` and also filter on the
 * society; `byIdAnySociety` (serving a public URL) and the cleanup reads run on the owner
 * connection.
 */
export function mediaRepo(db: Db) {
  return {
    async insert(row: NewMediaRow): Promise<MediaRow> {
      const [created] = await db.insert(media).values(row).returning();
      return created!;
    },
    /** The society's live (not deleted) media among `ids`, in no particular order, row-locked (FOR UPDATE) for the caller's transaction. */
    async forSociety(societyId: number, ids: readonly string[]): Promise<MediaRow[]> {
      if (ids.length === 0) return [];
      return (
        db
          .select()
          .from(media)
          .where(and(eq(media.societyId, societyId), inArray(media.id, [...ids]), isNull(media.deletedAt)))
          // Locked until the post's transaction ends, so the cleanup job cannot take an upload as an
          // orphan between this check and the post's attach.
          .for('update')
      );
    },
    /** Rows by id whatever the society (lists of SUPER_SOCIETY staff, public serving); deleted ones included. */
    async byIds(ids: readonly string[]): Promise<MediaRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(media)
        .where(inArray(media.id, [...ids]));
    },
    /** Marks media as used by a post (the orphan cleanup leaves them alone). */
    async attach(ids: readonly string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(media)
        .set({ attachedAt: at })
        .where(and(inArray(media.id, [...ids]), isNull(media.attachedAt)));
    },
    /** Marks media whose post was deleted: the cleanup job removes their files, then the rows. */
    async release(ids: readonly string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(media)
        .set({ deletedAt: at })
        .where(and(inArray(media.id, [...ids]), isNull(media.deletedAt)));
    },
    /** One row by id, any society (owner connection), deleted or not. */
    async byId(id: string): Promise<MediaRow | undefined> {
      const [row] = await db.select().from(media).where(eq(media.id, id));
      return row;
    },
    /**
     * The cleanup's first step (owner connection): media never attached and created before
     * `cutoff` are marked deleted at `at`, so they are no longer served or usable by a post.
     * @returns how many were marked
     */
    async releaseOrphans(cutoff: Date, at: Date): Promise<number> {
      const rows = await db
        .update(media)
        .set({ deletedAt: at })
        .where(and(isNull(media.attachedAt), isNull(media.deletedAt), lt(media.createdAt, cutoff)))
        .returning({ id: media.id });
      return rows.length;
    },
    /** Up to `limit` media marked deleted (any society), oldest mark first, not claimed by another transaction (call inside one): the cleanup's work list. */
    async deletedBatch(limit: number): Promise<Pick<MediaRow, 'id' | 'storageKey' | 'thumbKey'>[]> {
      return (
        db
          .select({ id: media.id, storageKey: media.storageKey, thumbKey: media.thumbKey })
          .from(media)
          .where(isNotNull(media.deletedAt))
          .orderBy(asc(media.deletedAt), asc(media.id))
          .limit(limit)
          // Claimed for the caller's transaction; another instance's cleanup takes the next rows.
          .for('update', { skipLocked: true })
      );
    },
    /** Deletes a row marked deleted (its files are gone); a row not marked is left alone. */
    async removeDeleted(id: string): Promise<void> {
      await db.delete(media).where(and(eq(media.id, id), isNotNull(media.deletedAt)));
    },
    /** How many rows (any society) exist: for tests and the cleanup's report. */
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(media);
      return Number(row?.n ?? 0);
    },
  };
}
