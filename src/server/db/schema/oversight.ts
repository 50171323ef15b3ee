/**
 * How the society watches its desks: per-desk deadlines and the items that went past them, and
 * SOS drills with the screens that rang. Part of the one database schema (../schema.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { societies, staffUsers } from './accounts.js';
import { deskRequests } from './requests.js';

/** The desks that have deadlines (desk_requests.desk values). */
export const DEADLINE_DESKS = ['complaint', 'grocery', 'doctor'] as const;

/**
 * How long each stage of a desk may take in a society, in hours (1–8760). No row means the
 * defaults (24 h new → processing, 72 h processing → completed); a null column means "off".
 */
export const societyDeadlines = pgTable(
  'society_deadlines',
  {
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    desk: text('desk', { enum: DEADLINE_DESKS }).notNull(),
    /** Hours an item may stay new (to its first action), or null: off. */
    firstActionHours: integer('first_action_hours'),
    /** Hours an item may stay processing (to completion), or null: off. */
    completionHours: integer('completion_hours'),
    /** Push the resident 'Your … is taking longer than usual; the committee has been told.' when an item becomes overdue. */
    notifyResident: boolean('notify_resident').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => staffUsers.id),
  },
  (t) => [
    primaryKey({ columns: [t.societyId, t.desk] }),
    check('society_deadlines_hours', sql`${t.firstActionHours} between 1 and 8760 and ${t.completionHours} between 1 and 8760`),
  ],
);

/**
 * An item that went past its stage's deadline: one row per (request, stage), written once by the
 * deadline job. The unique key is the claim: with many instances, `insert … on conflict do
 * nothing returning` hands each overdue item to exactly one of them.
 */
export const deskOverdue = pgTable(
  'desk_overdue',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    requestId: integer('request_id')
      .notNull()
      .references(() => deskRequests.id),
    desk: text('desk', { enum: DEADLINE_DESKS }).notNull(),
    stage: text('stage', { enum: ['new', 'processing'] }).notNull(),
    /** When the stage's deadline fell. */
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the job escalated it (audit row, events, optional push). */
    escalatedAt: timestamp('escalated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('desk_overdue_claim_idx').on(t.requestId, t.stage), index('desk_overdue_society_idx').on(t.societyId, t.id)],
);

/**
 * SOS drills: a synthetic alarm on the society's drill resident that takes the whole alarm path.
 * At most one runs at a time per society (the partial unique index).
 */
export const securityDrills = pgTable(
  'security_drills',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    /** The drill's alarm (null for the moment between the drill's row and its press). */
    alarmId: integer('alarm_id').references(() => deskRequests.id),
    startedBy: integer('started_by')
      .notNull()
      .references(() => staffUsers.id),
    startedByName: text('started_by_name').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    endedBy: integer('ended_by').references(() => staffUsers.id),
    /** Alarm screens (button-one staff) connected when the drill started. */
    screensAtStart: integer('screens_at_start').notNull().default(0),
  },
  (t) => [
    uniqueIndex('security_drills_running_idx')
      .on(t.societyId)
      .where(sql`${t.endedAt} is null`),
    index('security_drills_society_idx').on(t.societyId, t.id),
  ],
);

/** Each screen (browser tab) that rang for a drill, once, with its time to ring. */
export const securityDrillScreens = pgTable(
  'security_drill_screens',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    drillId: integer('drill_id')
      .notNull()
      .references(() => securityDrills.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id),
    staffName: text('staff_name').notNull(),
    /** A random id of the tab (at most 64 characters). */
    screen: text('screen').notNull(),
    rangAt: timestamp('rang_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Milliseconds from the alarm event to the siren playing, as the browser measured it. */
    ringMs: integer('ring_ms').notNull(),
    /** Milliseconds from the drill's start to the server receiving the screen's report. */
    ringServerMs: integer('ring_server_ms').notNull(),
    /** The browser and system the screen runs on, from its User-Agent ('Chrome on Windows'); null for rings recorded before it was kept. */
    device: text('device'),
  },
  (t) => [uniqueIndex('security_drill_screens_once_idx').on(t.drillId, t.screen)],
);

/**
 * The reports' rollup (ADR 0008): per (society, desk, local day) of the desks with stages and
 * deadlines, what the report needs of the items created that day, as they stood at `as_of`. Only
 * days that ended at least `ROLLUP_AFTER_DAYS` before `as_of` are kept, and nothing about such a
 * day changes afterwards except an item's later transitions: desk requests are never deleted,
 * `proceeded_at`/`completed_at` are set once, audit rows are appended with the clock's time. A
 * report therefore reads these rows, adds the items that moved since `as_of` (their stage now,
 * their durations), and scans only the days still open. Written only by the report service,
 * never by the write path; rows of another `time_zone` than the society's are rebuilt.
 */
export const reportDays = pgTable(
  'report_days',
  {
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    desk: text('desk', { enum: DEADLINE_DESKS }).notNull(),
    /** The local day in `time_zone`. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The IANA zone the day and hours were computed in. */
    timeZone: text('time_zone').notNull(),
    /** The instant the row describes: stages and durations are those reached before it. */
    asOf: timestamp('as_of', { withTimezone: true, mode: 'date' }).notNull(),
    /** Items created in each local hour 0–23 (24 counts; an hour a DST change repeats holds both). */
    hours: integer('hours').array().notNull(),
    /** Items created that day by their stage at `as_of` (new, processing, completed). */
    atNew: integer('at_new').notNull(),
    atProcessing: integer('at_processing').notNull(),
    atCompleted: integer('at_completed').notNull(),
    /** Seconds from creation to the first action of the items proceeded before `as_of`, ascending. */
    firstAction: doublePrecision('first_action').array().notNull(),
    /** Seconds from creation to completion of the items completed before `as_of`, ascending. */
    completion: doublePrecision('completion').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.societyId, t.desk, t.day] })],
);

/**
 * The rollup's staff figures per (society, desk, local day, staff member): their audit actions on
 * the desk's items that day, and the seconds from creation to their first action of the items
 * created that day that they proceeded before the day's `report_days.as_of`, ascending.
 */
export const reportDayStaff = pgTable(
  'report_day_staff',
  {
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    desk: text('desk', { enum: DEADLINE_DESKS }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** staff_users.id as the audit log and `proceeded_by` name it (no foreign key: the report joins staff_users). */
    staffId: integer('staff_id').notNull(),
    actions: integer('actions').notNull(),
    responses: doublePrecision('responses').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.societyId, t.desk, t.day, t.staffId] })],
);
