/**
 * What residents are told and what was done: in-app notifications, the push outbox, notification
 * campaigns and the audit trail.
 * Part of the one database schema (../schema.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { residentSessions, residents, societies, staffUsers } from './accounts.js';

/** In-app notification records a resident reads in the app (spec section 3 "Notification"). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    residentId: integer('resident_id')
      .notNull()
      .references(() => residents.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: text('image'),
    isRead: boolean('is_read').notNull().default(false),
    refEntity: text('ref_entity'),
    refId: integer('ref_id'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_resident_idx').on(t.residentId, t.createdAt)],
);

/**
 * Durable outbox of push messages: written in the same transaction as the change that causes
 * them, delivered afterwards by the outbox worker (at-least-once, with retries).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** The notification-panel message this push belongs to (its delivery report), if any. */
    campaignId: integer('campaign_id'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    availableAt: timestamp('available_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.availableAt), index('outbox_campaign_idx').on(t.campaignId, t.status)],
);

/**
 * A notification-panel message (spec section 2 "Notification panel"): to every resident
 * of the society or to one. Its pushes carry `outbox.campaign_id`, which the delivery report counts.
 */
export const notificationCampaigns = pgTable(
  'notification_campaigns',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    kind: text('kind', { enum: ['broadcast', 'single'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    recipients: integer('recipients').notNull(),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [index('notification_campaigns_society_idx').on(t.societyId, t.id)],
);

/** Audit trail of every state change: who (staff or resident), what, when, from → to. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    /** 'operator': a command of `npm run admin` on the server's machine (actor id null). */
    actorKind: text('actor_kind', { enum: ['staff', 'resident', 'system', 'operator'] }).notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    fromStage: text('from_stage'),
    toStage: text('to_stage'),
    /** What else the row needs to be understood: the address of a sign-in, the email a failed one tried, an export's filter. */
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_entity_idx').on(t.entity, t.entityId),
    index('audit_society_id_idx').on(t.societyId, t.id),
    index('audit_society_action_idx').on(t.societyId, t.action),
    // Rows of a period (the audit screen's dates).
    index('audit_society_at_idx').on(t.societyId, t.at),
    // Reports: a desk's staff actions in a period, an index-only scan (audit rows are never updated).
    index('audit_report_idx').on(t.societyId, t.entity, t.at, t.actorKind, t.actorId, t.entityId),
  ],
);

/**
 * A browser's Web Push subscription (RFC 8030; `PushSubscription.toJSON()`), one per browser and
 * device: the resident's pushes go to each of these beside their FCM token. `endpoint` is unique
 * across every society (one browser profile has one subscription per site): registered again by
 * another resident, the old row is deleted and a new one made, so a push queued for the old
 * resident (which names the row's id) is never delivered to the new one. Removed when the push
 * service answers 404 or 410.
 */
export const webPushSubscriptions = pgTable(
  'web_push_subscriptions',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    residentId: integer('resident_id')
      .notNull()
      .references(() => residents.id),
    /** The push service's URL for this browser (https; at most 2048 characters). */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 ECDH public key, base64url (65 bytes). */
    p256dh: text('p256dh').notNull(),
    /** The browser's 16-byte authentication secret, base64url. */
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When a push service last accepted a push for it (null: never yet). */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
    /**
     * The sign-in (resident_sessions) that stored it: when that session ends — sign-out, a
     * password change elsewhere, a staff reset, a block, expiry — the subscription goes with it,
     * so a phone whose session was taken away receives nothing more. Null on rows from before.
     */
    sessionTokenHash: text('session_token_hash').references(() => residentSessions.tokenHash, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('web_push_subscriptions_endpoint_idx').on(t.endpoint),
    index('web_push_subscriptions_resident_idx').on(t.residentId),
    index('web_push_subscriptions_session_idx').on(t.sessionTokenHash),
  ],
);

/**
 * The server's VAPID key pair (RFC 8292) when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set: one
 * row (id 1), made by the first instance that starts and read by every other, so all sign with
 * the same key that browsers subscribed with. The private key is a secret: the restricted
 * `society_app` role has no access (the migration revokes it); only the owner connection reads it.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: smallint('id').primaryKey().default(1),
    /** Uncompressed P-256 point (65 bytes), base64url. */
    publicKey: text('public_key').notNull(),
    /** The 32-byte private scalar, base64url. */
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('vapid_keys_one_row', sql`${t.id} = 1`)],
);
