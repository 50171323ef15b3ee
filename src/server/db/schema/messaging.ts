/**
 * What residents are told and what was done: in-app notifications, the push outbox, notification
 * campaigns and the audit trail.
 * Part of the one database schema (../schema.ts).
 */
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { residents, societies, staffUsers } from './accounts.js';

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
  ],
);
