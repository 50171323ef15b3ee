/**
 * Uploaded media and what staff publish with it: feed posts and likes, discounts, plots,
 * announcements and the video panel.
 * Part of the one database schema (../schema.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { residents, societies, staffUsers } from './accounts.js';

/**
 * An uploaded image or video. The id is random (it is in public URLs). Images
 * are stored re-encoded: `storage_key` the display size, `thumb_key` the thumbnail; videos as
 * uploaded. `attached_at` is set when a post, discount, plot, announcement or logo uses it; the
 * media job deletes files never attached within MEDIA_ORPHAN_HOURS and those whose post is deleted
 * (`deleted_at`).
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    /** Content type as stored (image/webp, image/jpeg, image/png, image/gif, video/mp4, video/webm). */
    mime: text('mime').notNull(),
    /** Size in bytes of the stored display file. */
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key'),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
    attachedAt: timestamp('attached_at', { withTimezone: true, mode: 'date' }),
    /** Set when what used it is deleted: the media job removes the files, then the row. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('media_society_idx').on(t.societyId, t.createdAt), index('media_cleanup_idx').on(t.attachedAt, t.deletedAt)],
);

/** A feed post (spec section 3 "Feed post"): title is the society's name, likes start at 0. */
export const feedPosts = pgTable(
  'feed_posts',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    youtubeLink: text('youtube_link'),
    /** Up to 5 media ids, in the order chosen. */
    mediaIds: uuid('media_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    likes: integer('likes').notNull().default(0),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [index('feed_posts_society_idx').on(t.societyId, t.createdAt, t.id)],
);

/** One resident's like of one feed post (once per resident). */
export const feedLikes = pgTable(
  'feed_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => feedPosts.id, { onDelete: 'cascade' }),
    residentId: integer('resident_id')
      .notNull()
      .references(() => residents.id),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.residentId] })],
);

/** A discount offer from a local brand (spec section 3 "Discount"). */
export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    brandName: text('brand_name').notNull(),
    branch: text('branch').notNull(),
    logoMediaId: uuid('logo_media_id').notNull(),
    mediaId: uuid('media_id').notNull(),
    description: text('description').notNull(),
    /** Percent, 5 to 90 in steps of 5 (spec section 9). */
    discount: smallint('discount').notNull(),
    category: text('category').notNull(),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [index('discounts_society_idx').on(t.societyId, t.createdAt, t.id)],
);

/** A plot or property listing (spec section 3 "Plot"). */
export const plots = pgTable(
  'plots',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    type: text('type').notNull(),
    /** Spec "category": Installments or Full Pay. */
    payment: text('payment').notNull(),
    area: text('area').notNull(),
    baths: smallint('baths').notNull(),
    rooms: smallint('rooms').notNull(),
    phone: text('phone').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    /** PKR, > 0. */
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    mediaIds: uuid('media_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [index('plots_society_idx').on(t.societyId, t.createdAt, t.id)],
);

/** An announcement (spec section 3 "Announcement"): residents mark it seen. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    mediaId: uuid('media_id'),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [index('announcements_society_idx').on(t.societyId, t.createdAt, t.id)],
);

/** A resident has seen an announcement (spec "seenUids"). */
export const announcementSeen = pgTable(
  'announcement_seen',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    residentId: integer('resident_id')
      .notNull()
      .references(() => residents.id),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    seenAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.residentId] })],
);

/** A video panel URL (spec section 3 "Video panel entry"): the latest is current; earlier ones are kept. */
export const videoPanelEntries = pgTable(
  'video_panel_entries',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    url: text('url').notNull(),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [index('video_panel_society_idx').on(t.societyId, t.createdAt, t.id)],
);
