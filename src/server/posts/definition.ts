/**
 * What makes one kind of post differ from another (STYLE 4: one mechanism, per-kind
 * configuration). Feed posts, discounts and plots are all "a society publishes something with
 * media; staff list, add and delete it; residents read it" — src/server/posts/service.ts does that
 * once, and each kind (modules/feed, modules/discounts, modules/plots) is one definition.
 */
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Media } from '../../shared/contracts/media.js';
import type { PushItemType } from '../../shared/contracts/push.js';
import type { Module } from '../../shared/subroles.js';
import type { discounts, feedPosts, plots } from '../db/schema.js';
import type { StaffContext } from '../modules/auth/service.js';

/** The post tables: each has `id`, `society_id`, `created_by` and `created_at`. */
export type PostTable = typeof feedPosts | typeof discounts | typeof plots;

/** The media ids one body field names, and the kind they must be (resolveMedia). */
export interface MediaField {
  /** The body field a 400 names ('mediaIds', 'logoMediaId', 'mediaId'). */
  field: string;
  ids: readonly string[];
  /** 'image': a video is refused (MSG.mediaNotImage); 'any': images or videos. */
  kind: 'image' | 'any';
}

/** A stored row of a post table. */
export type PostRow<T extends PostTable> = T['$inferSelect'];

/**
 * One kind of post.
 * @typeParam T its table; `Body` the validated create body; `Dto` what lists and create answer.
 */
export interface PostDefinition<T extends PostTable, Body, Dto extends { _id: number }> {
  /** The audit trail's entity name ('feed_post', 'discount', 'plot'). */
  entity: string;
  /** The sub-role module whose staff list, add and delete it (spec section 2 "Menus by sub-role"). */
  module: Module;
  table: T;
  /** Text columns a staff search (`q`) matches, case-insensitively, anywhere in the text. */
  searchColumns: readonly PgColumn[];
  /** The media a create body names, per field, in the order to check them (the first bad one is the 400). */
  mediaFields(body: Body): MediaField[];
  /**
   * The row to insert from a valid body (the service adds society, author and time).
   * @param staff the author: the feed's title is their society's name (spec section 3).
   */
  toRow(body: Body, staff: StaffContext): Omit<T['$inferInsert'], 'societyId' | 'createdBy' | 'createdAt'>;
  /** Every media id a stored row uses (released when it is deleted). */
  mediaIdsOf(row: PostRow<T>): string[];
  /**
   * The API shape of a stored row. `media` holds the DTOs of (at least) `mediaIdsOf(row)`; an id
   * missing from it is left out (lists) or replaced by {@link missingMedia}.
   */
  toDto(row: PostRow<T>, societyName: string, media: ReadonlyMap<string, Media>): Dto;
  /** The push every approved resident with a device gets when one is created (spec section 7). */
  push: { title: string; body: string };
  /** What that push opens in the resident app (its `data.type`). */
  pushItem: PushItemType;
}

/** The media DTOs of `ids` that `media` has, in order (a row removed meanwhile is skipped). */
export function mediaList(ids: readonly string[], media: ReadonlyMap<string, Media>): Media[] {
  return ids.flatMap((id) => media.get(id) ?? []);
}

/**
 * A stand-in for a required media DTO whose row is gone (never expected: a live post's media are
 * attached, so no job removes them), so one broken row cannot fail a whole list.
 */
export function missingMedia(id: string): Media {
  return { id, url: `/media/${id}`, thumbUrl: null, kind: 'image', mime: 'application/octet-stream', width: null, height: null };
}
