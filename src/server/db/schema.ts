/**
 * The one database schema, shared by PGlite and PostgreSQL (drizzle-kit generates ./drizzle from
 * it). Every society-owned row carries `society_id`; every staff query filters on it.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const societies = pgTable('societies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

/** Staff accounts. Only role 'Admin' may sign in to the dashboard (spec section 6). */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id').notNull().references(() => societies.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    subRole: text('sub_role'),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** Server-side staff sessions; the cookie holds a random token, the table its SHA-256. */
export const staffSessions = pgTable('staff_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: integer('staff_id').notNull().references(() => staffUsers.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Residents (spec section 3 "Resident", collection UserRequest). */
export const residents = pgTable(
  'residents',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id').notNull().references(() => societies.id),
    residentCode: text('resident_code').notNull().unique(),
    name: text('name').notNull(),
    phone: text('phone').notNull().unique(),
    email: text('email').notNull().default(''),
    passwordHash: text('password_hash'),
    status: text('status', { enum: ['Approve', 'Block'] }).notNull().default('Approve'),
    age: smallint('age'),
    house: text('house').notNull().default(''),
    street: text('street').notNull().default(''),
    block: text('block').notNull().default(''),
    designation: text('designation').notNull().default(''),
    isOwner: boolean('is_owner').notNull().default(true),
    fatherName: text('father_name').notNull().default(''),
    fatherPhone: text('father_phone').notNull().default(''),
    fm1Name: text('fm1_name').notNull().default(''),
    fm1Phone: text('fm1_phone').notNull().default(''),
    fm2Name: text('fm2_name').notNull().default(''),
    fm2Phone: text('fm2_phone').notNull().default(''),
    /** Push device token (spec: FCMtoken); null until the app registers one. */
    pushToken: text('push_token'),
    createdAt: createdAt(),
  },
  (t) => [index('residents_society_idx').on(t.societyId)],
);

export const residentSessions = pgTable('resident_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  residentId: integer('resident_id').notNull().references(() => residents.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * The three-stage desks share one table (STYLE 4): `desk` says which desk a row belongs to
 * ('complaint' now; 'security' and others later), `stage` is new → processing → completed.
 */
export const deskRequests = pgTable(
  'desk_requests',
  {
    id: serial('id').primaryKey(),
    desk: text('desk', { enum: ['complaint', 'security'] }).notNull(),
    societyId: integer('society_id').notNull().references(() => societies.id),
    residentId: integer('resident_id').notNull().references(() => residents.id),
    /** The resident's own words: the complaint, or the optional text of an SOS (never overwritten by staff). */
    body: text('body').notNull().default(''),
    /** Security alarms: the staff's note of the issue, written at Proceed (null until then or when left empty). */
    staffNote: text('staff_note'),
    response: text('response'),
    stage: text('stage', { enum: ['new', 'processing', 'completed'] }).notNull().default('new'),
    createdAt: createdAt(),
    proceededAt: timestamp('proceeded_at', { withTimezone: true, mode: 'date' }),
    proceededBy: integer('proceeded_by').references(() => staffUsers.id),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    completedBy: integer('completed_by').references(() => staffUsers.id),
    /** Security alarms: the first staff member to close the alarm toast, and when. */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
    acknowledgedBy: integer('acknowledged_by').references(() => staffUsers.id),
    /** Security alarms: when the escalation job re-raised it (unacknowledged too long). */
    escalatedAt: timestamp('escalated_at', { withTimezone: true, mode: 'date' }),
    /** Security alarms: presses merged into this alarm while it was unacknowledged (the first counts: 1). */
    pressCount: integer('press_count').notNull().default(1),
    /** Security alarms: the latest press merged into it (the first press is `created_at`). */
    lastPressedAt: timestamp('last_pressed_at', { withTimezone: true, mode: 'date' }),
    /**
     * What a staff search matches (ADR 0003): the request's texts and the resident's name, phone,
     * resident id and address. Written by a trigger (drizzle/0004), never by the app.
     */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    // Lists are newest first by id (ADR 0003): one range scan per page, however deep.
    index('desk_requests_list_idx').on(t.societyId, t.desk, t.stage, t.id),
    index('desk_requests_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('desk_requests_unacked_idx').on(t.desk, t.createdAt).where(sql`${t.acknowledgedAt} is null`),
    // At most one open (unacknowledged) alarm per resident: a repeated press merges into it by
    // `insert … on conflict` (alarm-repo.ts `press`), which holds under concurrent presses.
    uniqueIndex('desk_requests_open_alarm_idx').on(t.residentId).where(sql`${t.desk} = 'security' and ${t.acknowledgedAt} is null`),
  ],
);

/**
 * Not-at-home requests (spec section 3): the resident is away from `from` to `to` (dates).
 * Active until cancelled by the resident or over (arrived early, or `to` passed: arrival job).
 */
export const notHomeRequests = pgTable(
  'not_home_requests',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id').notNull().references(() => societies.id),
    residentId: integer('resident_id').notNull().references(() => residents.id),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    state: text('state', { enum: ['active', 'cancelled', 'arrived'] }).notNull().default('active'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true, mode: 'date' }),
    guardName: text('guard_name'),
    guardPhone: text('guard_phone'),
    guardEmail: text('guard_email'),
    dateAndTime: text('date_and_time'),
    guardAssignedAt: timestamp('guard_assigned_at', { withTimezone: true, mode: 'date' }),
    guardAssignedBy: integer('guard_assigned_by').references(() => staffUsers.id),
    createdAt: createdAt(),
    /** What a staff search matches: the resident's name, phone, id, address, email and the guard (trigger-written, ADR 0003). */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    index('not_home_list_idx').on(t.societyId, t.state, t.id),
    // The bell's list: active requests with no guard yet.
    index('not_home_unassigned_idx').on(t.societyId, t.id).where(sql`${t.state} = 'active' and ${t.guardName} is null`),
    index('not_home_resident_idx').on(t.residentId, t.state),
    index('not_home_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * Row counts of every staff list (ADR 0003), kept by triggers in the same transaction as the
 * insert or update that moves a row between lists (drizzle/0004): `list` is e.g.
 * 'complaint:new', 'nothome:active', 'nothome:active:unassigned'. An unsearched list's total is
 * one primary-key read instead of a count over the whole list.
 */
export const listCounts = pgTable(
  'list_counts',
  {
    societyId: integer('society_id').notNull().references(() => societies.id),
    list: text('list').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.societyId, t.list] })],
);

/** In-app notification records a resident reads in the app (spec section 3 "Notification"). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id').notNull().references(() => societies.id),
    residentId: integer('resident_id').notNull().references(() => residents.id),
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
    societyId: integer('society_id').notNull().references(() => societies.id),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    availableAt: timestamp('available_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.availableAt)],
);

/** Audit trail of every state change: who (staff or resident), what, when, from → to. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id').notNull().references(() => societies.id),
    actorKind: text('actor_kind', { enum: ['staff', 'resident', 'system'] }).notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    fromStage: text('from_stage'),
    toStage: text('to_stage'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('audit_entity_idx').on(t.entity, t.entityId)],
);
