/**
 * What residents ask for: the shared desk table (complaints, alarms, grocery, doctor), its
 * per-desk details, not-at-home requests and the trigger-kept list counts.
 * Part of the one database schema (../schema.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { residents, societies, staffUsers } from './accounts.js';

/**
 * The three-stage desks share one table (STYLE 4): `desk` says which desk a row belongs to
 * ('complaint', 'security', 'grocery', 'doctor'), `stage` is new → processing → completed. A desk
 * that needs more keeps it in its own table keyed by the request id (grocery_orders,
 * consultations); the security-only columns below predate that rule.
 */
export const deskRequests = pgTable(
  'desk_requests',
  {
    id: serial('id').primaryKey(),
    desk: text('desk', { enum: ['complaint', 'security', 'grocery', 'doctor'] }).notNull(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    residentId: integer('resident_id')
      .notNull()
      .references(() => residents.id),
    /** The resident's own words: the complaint, or the optional text of an SOS (never overwritten by staff). */
    body: text('body').notNull().default(''),
    /** Security alarms: the staff's note of the issue, written at Proceed (null until then or when left empty). */
    staffNote: text('staff_note'),
    response: text('response'),
    stage: text('stage', { enum: ['new', 'processing', 'completed'] })
      .notNull()
      .default('new'),
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
    /** An SOS drill's synthetic alarm (security desk only): marked DRILL on every screen, never told to a resident, left out of reports and metrics. */
    isDrill: boolean('is_drill').notNull().default(false),
  },
  (t) => [
    // Lists are newest first by id (ADR 0003): one range scan per page, however deep.
    index('desk_requests_list_idx').on(t.societyId, t.desk, t.stage, t.id),
    // Reports: a desk's items created in a period, and those completed in it. The report index
    // holds every column the desk and staff figures read, so a year of a desk is an index-only
    // scan (bench/reports-scale.ts); `stage` moves with each transition, so the index is
    // rewritten then, as desk_requests_list_idx already is.
    index('desk_requests_report_idx').on(t.societyId, t.desk, t.createdAt, t.stage, t.proceededAt, t.completedAt, t.isDrill, t.proceededBy),
    index('desk_requests_completed_idx')
      .on(t.societyId, t.desk, t.completedAt)
      .where(sql`${t.completedAt} is not null`),
    // Reports: the items of rolled-up days that moved since their day's rollup (with
    // desk_requests_completed_idx); partial, so a press, which has no first action, never writes it.
    index('desk_requests_proceeded_idx')
      .on(t.societyId, t.desk, t.proceededAt)
      .where(sql`${t.proceededAt} is not null`),
    // The deadline job's scans: items waiting in a stage, oldest first, on the desks that have deadlines.
    index('desk_requests_due_new_idx')
      .on(t.createdAt)
      .where(sql`${t.stage} = 'new' and ${t.desk} in ('complaint', 'grocery', 'doctor')`),
    index('desk_requests_due_processing_idx')
      .on(t.proceededAt)
      .where(sql`${t.stage} = 'processing' and ${t.desk} in ('complaint', 'grocery', 'doctor')`),
    // A resident's own requests of a desk, newest first (resident API).
    index('desk_requests_resident_idx').on(t.residentId, t.desk, t.id),
    // fastupdate off: rows filed one by one would otherwise wait in the index's pending list,
    // which every search reads whole (4× the index reads of a 1% word at 20,000 rows) until a
    // VACUUM, and the insert that finds the list full (4 MB) flushes all of it — an alarm's, say.
    index('desk_requests_search_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('desk_requests_unacked_idx')
      .on(t.desk, t.createdAt)
      .where(sql`${t.acknowledgedAt} is null`),
    // At most one open (unacknowledged) alarm per resident: a repeated press merges into it by
    // `insert … on conflict` (alarm-repo.ts `press`), which holds under concurrent presses.
    uniqueIndex('desk_requests_open_alarm_idx')
      .on(t.residentId)
      .where(sql`${t.desk} = 'security' and ${t.acknowledgedAt} is null`),
  ],
);

/**
 * Grocery orders (spec section 3 "Order"): one per grocery request, made when staff turn the
 * request into an order (request stage new → processing; delivered = completed). Money is
 * numeric, exact: `all_total` = Σ line totals + `delivery_charge` (150 Rs, spec section 9),
 * computed by the server.
 */
export const groceryOrders = pgTable(
  'grocery_orders',
  {
    requestId: integer('request_id')
      .primaryKey()
      .references(() => deskRequests.id),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    deliveryCharge: numeric('delivery_charge', { precision: 12, scale: 2 }).notNull(),
    allTotal: numeric('all_total', { precision: 16, scale: 2 }).notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true, mode: 'date' }).notNull(),
    orderedBy: integer('ordered_by').references(() => staffUsers.id),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
  },
  // Reports: orders per day of a period.
  (t) => [index('grocery_orders_ordered_idx').on(t.societyId, t.orderedAt)],
);

/** Lines of a grocery order (spec section 3 "Order item"), in `position` order; replaced as a whole on update. */
export const groceryOrderLines = pgTable(
  'grocery_order_lines',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => groceryOrders.requestId, { onDelete: 'cascade' }),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
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
 * doctor module's audited read.
 */
export const consultations = pgTable('consultations', {
  requestId: integer('request_id')
    .primaryKey()
    .references(() => deskRequests.id),
  societyId: integer('society_id')
    .notNull()
    .references(() => societies.id),
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
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    residentId: integer('resident_id')
      .notNull()
      .references(() => residents.id),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    state: text('state', { enum: ['active', 'cancelled', 'arrived'] })
      .notNull()
      .default('active'),
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
    index('not_home_unassigned_idx')
      .on(t.societyId, t.id)
      .where(sql`${t.state} = 'active' and ${t.guardName} is null`),
    index('not_home_resident_idx').on(t.residentId, t.state),
    index('not_home_search_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
    // Reports: requests filed in a period.
    index('not_home_created_idx').on(t.societyId, t.createdAt),
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
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    list: text('list').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.societyId, t.list] })],
);
