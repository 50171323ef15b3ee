/**
 * Societies, staff and resident accounts, their sessions, the shared sign-in throttle, rate limits and idempotency keys.
 * Part of the one database schema (../schema.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EmergencyContact } from '../../../shared/contracts/resident.js';
import { createdAt } from './columns.js';

export const societies = pgTable('societies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Short code given by the operator (`society:create --code HP`): upper-case letters, unique; it prefixes the society's resident ids. */
  code: text('code').notNull().unique(),
  /** The society's logo (spec section 1 "logoId"): an uploaded image, shown in every staff header. */
  logoMediaId: uuid('logo_media_id'),
  /** Set by a super-admin: every super-admin of the society must sign in with two-factor (TOTP). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /** The IANA time zone the society's dates are read and shown in (the audit log's date range, reports). */
  timeZone: text('time_zone').notNull().default('Asia/Karachi'),
  /**
   * The society's emergency contacts, in order ([{label, phone}], at most 8; ZEmergencyContacts),
   * set by the operator's `society:emergency` and read by residents (GET /api/resident/society).
   * A jsonb column rather than a table: the list is small and bounded, always read whole with its
   * society and replaced whole, so a row per contact would add only ordering and joins. Written
   * only after ZEmergencyContacts has parsed it.
   */
  emergencyContacts: jsonb('emergency_contacts').$type<EmergencyContact[]>().notNull().default([]),
  createdAt: createdAt(),
});

/** Staff accounts. Only role 'Admin' may sign in to the dashboard (spec section 6). */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    subRole: text('sub_role'),
    passwordHash: text('password_hash').notNull(),
    /**
     * Set while the password is a temporary one (made by the operator command or a reset): it must
     * be changed at the next sign-in, and it no longer signs in after this time (TEMP_PASSWORD_HOURS).
     */
    temporaryPasswordUntil: timestamp('temporary_password_until', { withTimezone: true, mode: 'date' }),
    /** When the account was disabled (it cannot sign in; its sessions were ended); null while enabled. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    /** The last successful sign-in. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    /** The TOTP secret (base32, RFC 6238) while two-factor sign-in is on; null while off. */
    twoFactorSecret: text('two_factor_secret'),
    /** A secret being enrolled: it becomes `twoFactorSecret` when the member confirms a code of it. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** When two-factor sign-in was turned on; null while off. */
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The TOTP time step (30 s) of the last code accepted: a code is accepted once. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /** SHA-256 (hex) of the recovery codes not yet used; each one signs in once instead of a code. */
    twoFactorRecoveryHashes: text('two_factor_recovery_hashes').array(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/**
 * The staff_users columns that turn two-factor sign-in off: the member's own choice, or a password
 * reset (by a super-admin or the operator), which gives a member who lost their device a new start.
 */
export const TWO_FACTOR_OFF = {
  twoFactorSecret: null,
  twoFactorPendingSecret: null,
  twoFactorEnabledAt: null,
  twoFactorLastStep: null,
  twoFactorRecoveryHashes: null,
} satisfies Partial<typeof staffUsers.$inferInsert>;

/** Server-side staff sessions; the cookie holds a random token, the table its SHA-256. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The address and browser that signed in (My account's session list); '' for sessions made before they were kept. */
    address: text('address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * A sign-in half done: the password was right and the account has two-factor on, so the answer
 * was a challenge (its token's SHA-256 here) that POST /api/society/login/2fa completes with a
 * code. Short-lived; wrong codes are counted per challenge and by the sign-in throttle.
 */
export const staffSignInChallenges = pgTable('staff_sign_in_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Wrong codes sent with this challenge; it ends at MAX_CHALLENGE_ATTEMPTS. */
  attempts: smallint('attempts').notNull().default(0),
  address: text('address').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
});

/** Residents (spec section 3 "Resident", collection UserRequest). */
export const residents = pgTable(
  'residents',
  {
    id: serial('id').primaryKey(),
    societyId: integer('society_id')
      .notNull()
      .references(() => societies.id),
    residentCode: text('resident_code').notNull().unique(),
    name: text('name').notNull(),
    phone: text('phone').notNull().unique(),
    email: text('email').notNull().default(''),
    passwordHash: text('password_hash'),
    /** 'Pending' after self-registration until staff approve; 'Block' refuses sign-in. */
    status: text('status', { enum: ['Pending', 'Approve', 'Block'] })
      .notNull()
      .default('Approve'),
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
    /**
     * Set when staff reset the password (a temporary one, shown once on /Status): the app asks the
     * resident to choose their own at the next sign-in; cleared by PUT /api/resident/password.
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** When the temporary password of a staff reset stops signing in (TEMP_PASSWORD_HOURS after it); null once the resident chose their own. */
    temporaryPasswordUntil: timestamp('temporary_password_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    /** The society's drill resident, whose synthetic alarms SOS drills press: in no list, search or bill, and never signs in. */
    isDrill: boolean('is_drill').notNull().default(false),
  },
  (t) => [
    index('residents_society_idx').on(t.societyId),
    // One drill resident per society, made by its first drill.
    uniqueIndex('residents_drill_idx')
      .on(t.societyId)
      .where(sql`${t.isDrill}`),
  ],
);

export const residentSessions = pgTable('resident_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  residentId: integer('resident_id')
    .notNull()
    .references(() => residents.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Sign-in attempts counted by the shared login throttle
 * (`lib/sign-in-throttle/shared-throttle.ts`, used when DATABASE_URL is set): one row per throttle
 * key of an attempt — staff (address, email) `e:<ip>:<email>`, address `ip:<ip>`, account
 * `a:<email>`; residents `r:e:<ip>:<phone>`, `r:ip:<ip>`, `r:p:<phone>` — so every instance
 * counts the same failures. A row lives until its attempt succeeds or is abandoned,
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

/**
 * The rate limits on what one account can trigger (`lib/rate-limit/`, used when DATABASE_URL is
 * set and REDIS_URL is not): one row per limited key (`broadcast:<societyId>`, `push:<staffId>`,
 * `upload:<staffId>`, `upload-bytes:<staffId>`, `import:<staffId>`, `sos:<residentId>`) holding its
 * current window, so every instance counts the same. Checked and counted by one upsert statement;
 * the purge job deletes rows whose window has ended. Not society-owned (no RLS).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  /** When the key's current window ends, by the app's clock; a take at or after it opens a new window. */
  windowEnd: timestamp('window_end', { withTimezone: true, mode: 'date' }).notNull(),
  /** Units counted in the window: requests, or bytes for `upload-bytes:`. */
  used: bigint('used', { mode: 'number' }).notNull(),
  /**
   * Whether the latest take was counted: what the upsert's RETURNING reports, since PostgreSQL 15
   * cannot return the row's previous values.
   */
  counted: boolean('counted').notNull(),
});

/**
 * Idempotency keys (plugins/idempotency.ts, the IETF httpapi Idempotency-Key header): one row per
 * caller (`s:<staffId>`, `r:<residentId>`, or `p:<route>:<address>` for a public write) and key.
 * While the first request runs, `status` is null and `locked_until` says when the claim lapses (a
 * process that died mid-request); once answered, the stored answer (status, content type, body)
 * is replayed to a retry with the same `fingerprint` (sha256 of method, URL and body). Kept 24 h
 * from `created_at`; the purge job deletes older rows. Not society-owned (no RLS).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** When the key was first claimed, by the app's clock: its 24 h start then. */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** While unanswered: when another request with the key may take it over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }).notNull(),
    /** The stored answer's HTTP status; null while the first request runs. */
    status: smallint('status'),
    contentType: text('content_type'),
    body: text('body'),
  },
  (t) => [primaryKey({ columns: [t.caller, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
