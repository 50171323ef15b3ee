/**
 * How other modules use uploaded media: a post names media by id; inside the post's
 * society-scoped transaction it resolves them (each must be this society's live upload, of the
 * right kind), attaches them when the post is written and releases them when it is deleted (the
 * media job then removes the files). Listing turns ids back into {@link Media} DTOs.
 */
import type { Db } from '../../db/client.js';
import { BadRequestError } from '../../lib/errors.js';
import { MSG } from '../../../shared/messages.js';
import type { Media } from '../../../shared/contracts/media.js';
import { mediaRepo, toMediaDto } from './repo.js';

/**
 * The DTOs of `ids`, in the given order, after checking each is a live upload of `societyId`
 * (call inside `inSociety(societyId)`). Duplicates count once.
 * @param field the body field named in a 400 (e.g. 'mediaIds', 'logoMediaId')
 * @param kind 'image' to refuse videos (MSG.mediaNotImage), 'any' otherwise
 * @throws BadRequestError (400, `field`) MSG.mediaUnknown for an id that is not this society's live upload
 */
export async function resolveMedia(tx: Db, societyId: number, ids: readonly string[], field: string, kind: 'image' | 'any' = 'any'): Promise<Media[]> {
  const unique = [...new Set(ids)];
  const rows = await mediaRepo(tx).forSociety(societyId, unique);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => {
    const row = byId.get(id);
    if (!row) throw new BadRequestError(MSG.mediaUnknown, field);
    if (kind === 'image' && row.kind !== 'image') throw new BadRequestError(MSG.mediaNotImage, field);
    return toMediaDto(row);
  });
}

/**
 * {@link resolveMedia} for a new post: the media must also be attached to nothing yet (the rows
 * stay locked FOR UPDATE until the post's transaction ends, so the cleanup job cannot take them).
 * @throws BadRequestError (400, `field`) as resolveMedia, and MSG.mediaUnknown for media already attached
 */
export async function resolveFreeMedia(tx: Db, societyId: number, ids: readonly string[], field: string, kind: 'image' | 'any' = 'any'): Promise<Media[]> {
  const resolved = await resolveMedia(tx, societyId, ids, field, kind);
  const rows = await mediaRepo(tx).forSociety(
    societyId,
    resolved.map((m) => m.id),
  );
  if (rows.some((r) => r.attachedAt !== null)) throw new BadRequestError(MSG.mediaUnknown, field);
  return resolved;
}

/** Marks resolved media as used (same transaction as the post's insert). */
export function attachMedia(tx: Db, ids: readonly string[], at: Date): Promise<void> {
  return mediaRepo(tx).attach(ids, at);
}

/** Marks a deleted post's media for removal (same transaction as the delete). */
export function releaseMedia(tx: Db, ids: readonly string[], at: Date): Promise<void> {
  return mediaRepo(tx).release(ids, at);
}

/**
 * Media DTOs by id for a page of posts (any society's when the reader is SUPER_SOCIETY staff: call
 * on a connection that can see them). Missing ids are left out of the map.
 */
export async function mediaByIds(db: Db, ids: readonly string[]): Promise<Map<string, Media>> {
  const rows = await mediaRepo(db).byIds([...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, toMediaDto(r)]));
}
