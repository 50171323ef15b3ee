import { z } from 'zod';
import { PHONE_PATTERN } from '../constants.js';
import { ZListQuery, ZResidentCard, atMostChars, listResponse } from './common.js';

/** Guard form messages, verbatim (spec section 5 "Guard assignment"). */
export const GUARD_MSG = {
  nameRequired: 'Please fill in the Guard Name field.',
  phoneRequired: 'Please fill in the Phone Number field.',
  emailRequired: 'Please fill in the Email field.',
  phoneInvalid: 'Invalid phone number. Please enter 11 digits.',
  emailInvalid: 'Invalid email address. Please enter a valid email.',
} as const;

/** The spec's "simple address pattern" for guard emails. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const NOT_HOME_STATES = ['active', 'cancelled', 'arrived'] as const;
export const ZNotHomeState = z.enum(NOT_HOME_STATES);
export type NotHomeState = z.infer<typeof ZNotHomeState>;

/** Messages of the not-at-home dates (POST /api/nothome); the field is `from` or `to`. */
export const NOT_HOME_MSG = {
  dateFormat: 'Use a date like 2026-11-21.',
  notACalendarDate: 'Not a real calendar date.',
  toBeforeFrom: 'The return date cannot be before the leaving date.',
  fromInPast: 'The leaving date cannot be in the past.',
  fromTooFar: 'The leaving date can be at most a year from today.',
  tooLong: 'The return date can be at most a year after the leaving date.',
} as const;

/**
 * True for a real calendar date `YYYY-MM-DD` (no 2026-02-31, no 2027-02-29): it must survive a
 * round trip through Date.UTC. Years before 100 fail too (Date.UTC reads them as 19xx), and so does
 * year 0000, which PostgreSQL refuses.
 */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const back = new Date(Date.UTC(y, mo - 1, d));
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d;
}

/** `date` (a calendar date) plus `years`; 29 February becomes 28 February in a common year. */
export function addYears(date: string, years: number): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y + years, mo, 0)).getUTCDate();
  return `${String(y + years).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/**
 * The bounds of a not-at-home window that depend on today: `from` not before `today`,
 * at most a year after it, and `to` at most a year after `from`. All three are calendar dates
 * `YYYY-MM-DD`; `to` ≥ `from` is checked by ZFileNotHome. @returns the field at fault and its
 * message, or undefined when the window is acceptable.
 */
export function notHomeWindowProblem(from: string, to: string, today: string): { field: 'from' | 'to'; message: string } | undefined {
  if (from < today) return { field: 'from', message: NOT_HOME_MSG.fromInPast };
  if (from > addYears(today, 1)) return { field: 'from', message: NOT_HOME_MSG.fromTooFar };
  if (to > addYears(from, 1)) return { field: 'to', message: NOT_HOME_MSG.tooLong };
  return undefined;
}

/** A calendar date `YYYY-MM-DD` (a real one: see isCalendarDate). */
const ZDate = z
  .string({ error: NOT_HOME_MSG.dateFormat })
  .regex(/^\d{4}-\d{2}-\d{2}$/, NOT_HOME_MSG.dateFormat)
  .refine(isCalendarDate, NOT_HOME_MSG.notACalendarDate);

/**
 * A not-at-home request (spec section 3). `Status` true = active (on /NotHome); false = over
 * (arrived, on /NotHomeCompleted) unless `cancelled` (on /NotHomeCancelled).
 */
export const ZNotHome = z.object({
  _id: z.number().int(),
  from: z.string().describe('YYYY-MM-DD'),
  to: z.string().describe('YYYY-MM-DD'),
  days: z.number().int().describe('Days away, from and to included'),
  Status: z.boolean(),
  cancelled: z.boolean(),
  state: ZNotHomeState,
  pressedTime: z.string(),
  arrivedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  guardName: z.string().nullable(),
  guardPhone: z.string().nullable(),
  guardEmail: z.string().nullable(),
  dateAndTime: z.string().nullable().describe("'from X to Y', stored when a guard is assigned"),
  societyName: z.string(),
  resident: ZResidentCard,
});
export type NotHome = z.infer<typeof ZNotHome>;

export const ZNotHomeList = listResponse(ZNotHome);
/** `guard=unassigned` lists only requests with no guard yet: the bell's "new requests". */
export const ZNotHomeListQuery = ZListQuery.extend({
  state: ZNotHomeState.default('active'),
  guard: z.enum(['any', 'unassigned']).default('any'),
});

/**
 * POST /api/nothome (resident API): two real calendar dates, `to` not before `from`. The bounds
 * that need today's date (notHomeWindowProblem) are checked by the service with the server's clock.
 */
export const ZFileNotHome = z.object({ from: ZDate, to: ZDate }).refine((v) => v.to >= v.from, { message: NOT_HOME_MSG.toBeforeFrom, path: ['to'] });

/**
 * PUT /api/nothome/update/:id — each field required, with the spec's messages, in form order;
 * Guard Name at most 100 characters, Email at most 200.
 */
export const ZAssignGuard = z.object({
  guardName: z.string({ error: GUARD_MSG.nameRequired }).trim().min(1, GUARD_MSG.nameRequired).max(100, atMostChars(100)),
  guardPhone: z.string({ error: GUARD_MSG.phoneRequired }).trim().min(1, GUARD_MSG.phoneRequired).regex(PHONE_PATTERN, GUARD_MSG.phoneInvalid),
  guardEmail: z
    .string({ error: GUARD_MSG.emailRequired })
    .trim()
    .min(1, GUARD_MSG.emailRequired)
    .max(200, atMostChars(200))
    .regex(SIMPLE_EMAIL, GUARD_MSG.emailInvalid),
});
export type AssignGuard = z.infer<typeof ZAssignGuard>;
