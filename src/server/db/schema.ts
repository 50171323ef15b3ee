/**
 * The one database schema, shared by PGlite and PostgreSQL (drizzle-kit generates ./drizzle from
 * it). Every society-owned row carries `society_id`; every staff query filters on it.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const societies = pgTable('societies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The society's logo (spec section 1 "logoId"; issue 10): an uploaded image, shown in every staff header. */
  logoMediaId: uuid('logo_media_id'),
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
    /** 'Pending' after self-registration (issue 9) until staff approve; 'Block' refuses sign-in. */
    status: text('status', { enum: ['Pending', 'Approve', 'Block'] }).notNull().default('Approve'),
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
 * ('complaint', 'security', 'grocery', 'doctor'), `stage` is new → processing → completed. A desk
 * that needs more keeps it in its own table keyed by the request id (grocery_orders,
 * consultations); the security-only columns below predate that rule (issue 7 note).
 */
export const deskRequests = pgTable(
  'desk_requests',
  {
    id: serial('id').primaryKey(),
    desk: text('desk', { enum: ['complaint', 'security', 'grocery', 'doctor'] }).notNull(),
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
    // A resident's own requests of a desk, newest first (resident API, issue 8).
    index('desk_requests_resident_idx').on(t.residentId, t.desk, t.id),
    index('desk_requests_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('desk_requests_unacked_idx').on(t.desk, t.createdAt).where(sql`${t.acknowledgedAt} is null`),
    // At most one open (unacknowledged) alarm per resident: a repeated press merges into it by
    // `insert … on conflict` (alarm-repo.ts `press`), which holds under concurrent presses.
    uniqueIndex('desk_requests_open_alarm_idx').on(t.residentId).where(sql`${t.desk} = 'security' and ${t.acknowledgedAt} is null`),
  ],
);

/**
 * Grocery orders (spec section 3 "Order"): one per grocery request, made when staff turn the
 * request into an order (request stage new → processing; delivered = completed). Money is
 * numeric, exact: `all_total` = Σ line totals + `delivery_charge` (150 Rs, spec section 9),
 * computed by the server.
 */
export const groceryOrders = pgTable('grocery_orders', {
  requestId: integer('request_id').primaryKey().references(() => deskRequests.id),
  societyId: integer('society_id').notNull().references(() => societies.id),
  deliveryCharge: numeric('delivery_charge', { precision: 12, scale: 2 }).notNull(),
  allTotal: numeric('all_total', { precision: 16, scale: 2 }).notNull(),
  orderedAt: timestamp('ordered_at', { withTimezone: true, mode: 'date' }).notNull(),
  orderedBy: integer('ordered_by').references(() => staffUsers.id),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
});

/** Lines of a grocery order (spec section 3 "Order item"), in `position` order; replaced as a whole on update. */
export const groceryOrderLines = pgTable(
  'grocery_order_lines',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id').notNull().references(() => groceryOrders.requestId, { onDelete: 'cascade' }),
    societyId: integer('society_id').notNull().references(() => societies.id),
    position: smallint('position').notNull(),
    itemName: text('item_name').notNull(),
    /** Up to 3 decimals (0.25 kg). */
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    /** One of the 10 unit values (spec: the order line's `currency` field holds the unit). */
    unit: text('unit').notNull(),
    /** Rupees per unit, 2 decimals. */
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    /** quantity × price rounded half-up to 2 decimals, computed by the server. */
    total: numeric('total', { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [uniqueIndex('grocery_order_lines_position_idx').on(t.requestId, t.position)],
);

/**
 * Doctor consultations (spec section 3 "Consultation"): one per doctor request, made when staff
 * generate the meeting link (request stage new → processing, 'Link Generated'); the prescription
 * completes it ('Meeting Held'). Prescription fields are health data: read only through the
 * doctor module's audited read (issue 8).
 */
export const consultations = pgTable('consultations', {
  requestId: integer('request_id').primaryKey().references(() => deskRequests.id),
  societyId: integer('society_id').notNull().references(() => societies.id),
  meetingId: text('meeting_id').notNull(),
  /** The staff's description for the doctor (the resident's own words stay in desk_requests.body). */
  description: text('description').notNull().default(''),
  linkGeneratedAt: timestamp('link_generated_at', { withTimezone: true, mode: 'date' }).notNull(),
  linkGeneratedBy: integer('link_generated_by').references(() => staffUsers.id),
  /** When 'Doctor is ready for meeting' was queued (once per consultation). */
  readyNotifiedAt: timestamp('ready_notified_at', { withTimezone: true, mode: 'date' }),
  disease: text('disease'),
  medicine: text('medicine'),
  testNeeded: text('test_needed'),
  thingsToDo: text('things_to_do'),
  prescribedAt: timestamp('prescribed_at', { withTimezone: true, mode: 'date' }),
  prescribedBy: integer('prescribed_by').references(() => staffUsers.id),
});

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
    /** The notification-panel message this push belongs to (its delivery report), if any (issue 9). */
    campaignId: integer('campaign_id'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    availableAt: timestamp('available_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.availableAt), index('outbox_campaign_idx').on(t.campaignId, t.status)],
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

/**
 * Electricity bills (spec section 3 "Bill"; issue 9): one per resident per period ('YYYY-MM').
 * total = rate_per_unit × units, 2 decimals, computed by the server (PKR).
 */
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id').notNull().references(() => societies.id),
    residentId: integer('resident_id').notNull().references(() => residents.id),
    period: text('period').notNull(),
    ratePerUnit: numeric('rate_per_unit', { precision: 10, scale: 2 }).notNull(),
    units: numeric('units', { precision: 12, scale: 2 }).notNull(),
    total: numeric('total', { precision: 16, scale: 2 }).notNull(),
    /** The spreadsheet import that created it, if any. */
    importId: integer('import_id'),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bills_resident_period_idx').on(t.residentId, t.period), index('bills_society_idx').on(t.societyId, t.period, t.id)],
);

/**
 * A parsed spreadsheet awaiting commit (issue 9): the preview's matched rows, kept on the server so
 * the commit creates exactly what was shown. `file_sha256` lets the same file be recognised.
 */
export const billImports = pgTable(
  'bill_imports',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id').notNull().references(() => societies.id),
    period: text('period').notNull(),
    fileSha256: text('file_sha256').notNull(),
    /** Matched rows: [{row, residentId, units, ratePerUnit, total}]. */
    matched: jsonb('matched').notNull(),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
    committedAt: timestamp('committed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('bill_imports_society_idx').on(t.societyId, t.id)],
);

/**
 * A notification-panel message (spec section 2 "Notification panel"; issue 9): to every resident
 * of the society or to one. Its pushes carry `outbox.campaign_id`, which the delivery report counts.
 */
export const notificationCampaigns = pgTable(
  'notification_campaigns',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id').notNull().references(() => societies.id),
    kind: text('kind', { enum: ['broadcast', 'single'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    recipients: integer('recipients').notNull(),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [index('notification_campaigns_society_idx').on(t.societyId, t.id)],
);

/**
 * An uploaded image or video (issue 10 "Media"). The id is random (it is in public URLs). Images
 * are stored re-encoded: `storage_key` the display size, `thumb_key` the thumbnail; videos as
 * uploaded. `attached_at` is set when a post, discount, plot, announcement or logo uses it; the
 * media job deletes files never attached within MEDIA_ORPHAN_HOURS and those whose post is deleted
 * (`deleted_at`).
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey(),
    societyId: integer('society_id').notNull().references(() => societies.id),
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

/** A feed post (spec section 3 "Feed post"; issue 10): title is the society's name, likes start at 0. */
export const feedPosts = pgTable(
  'feed_posts',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id').notNull().references(() => societies.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    youtubeLink: text('youtube_link'),
    /** Up to 5 media ids, in the order chosen. */
    mediaIds: uuid('media_ids').array().notNull().default(sql`'{}'::uuid[]`),
    likes: integer('likes').notNull().default(0),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [index('feed_posts_society_idx').on(t.societyId, t.createdAt, t.id)],
);

/** One resident's like of one feed post (once per resident; issue 10 "Residents read it"). */
export const feedLikes = pgTable(
  'feed_likes',
  {
    postId: integer('post_id').notNull().references(() => feedPosts.id, { onDelete: 'cascade' }),
    residentId: integer('resident_id').notNull().references(() => residents.id),
    societyId: integer('society_id').notNull().references(() => societies.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.residentId] })],
);

/** A discount offer from a local brand (spec section 3 "Discount"; issue 10). */
export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id').notNull().references(() => societies.id),
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

/** A plot or property listing (spec section 3 "Plot"; issue 10). */
export const plots = pgTable(
  'plots',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id').notNull().references(() => societies.id),
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
    mediaIds: uuid('media_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [index('plots_society_idx').on(t.societyId, t.createdAt, t.id)],
);

/** An announcement (spec section 3 "Announcement"; issue 10): residents mark it seen. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id').notNull().references(() => societies.id),
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
    announcementId: integer('announcement_id').notNull().references(() => announcements.id, { onDelete: 'cascade' }),
    residentId: integer('resident_id').notNull().references(() => residents.id),
    societyId: integer('society_id').notNull().references(() => societies.id),
    seenAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.residentId] })],
);

/** A video panel URL (spec section 3 "Video panel entry"): the latest is current; earlier ones are kept. */
export const videoPanelEntries = pgTable(
  'video_panel_entries',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id').notNull().references(() => societies.id),
    url: text('url').notNull(),
    createdBy: integer('created_by').references(() => staffUsers.id),
    createdAt: createdAt(),
  },
  (t) => [index('video_panel_society_idx').on(t.societyId, t.createdAt, t.id)],
);

/**
 * Staff sign-in attempts counted by the shared login throttle (issue 11,
 * `modules/auth/shared-throttle.ts`, used when DATABASE_URL is set): one row per throttle key of
 * an attempt — (address, email) `e:<ip>:<email>`, address `ip:<ip>`, account `a:<email>` — so
 * every instance counts the same failures. A row lives until its attempt succeeds or is abandoned,
 * or the purge job deletes it once it is older than the window. Not society-owned (no RLS).
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').notNull(),
    attemptId: uuid('attempt_id').notNull(),
    /** When the attempt began, by the app's clock. */
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.attemptId] }), index('login_attempts_key_at_idx').on(t.key, t.at), index('login_attempts_at_idx').on(t.at)],
);
