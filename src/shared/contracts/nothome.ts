import { z } from 'zod';
import { PHONE_PATTERN } from '../constants.js';
import { ZListQuery, ZResidentCard, listResponse } from './common.js';

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

/** A calendar date `YYYY-MM-DD`. */
const ZDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-21.').refine((s) => !Number.isNaN(Date.parse(s)), 'Not a real date.');

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

/** POST /api/nothome (resident API): `to` may not be before `from`. */
export const ZFileNotHome = z
  .object({ from: ZDate, to: ZDate })
  .refine((v) => v.to >= v.from, { message: 'The return date cannot be before the leaving date.', path: ['to'] });

/** PUT /api/nothome/update/:id — each field required, with the spec's messages, in form order. */
export const ZAssignGuard = z.object({
  guardName: z.string({ error: GUARD_MSG.nameRequired }).trim().min(1, GUARD_MSG.nameRequired).max(100),
  guardPhone: z.string({ error: GUARD_MSG.phoneRequired }).trim().min(1, GUARD_MSG.phoneRequired).regex(PHONE_PATTERN, GUARD_MSG.phoneInvalid),
  guardEmail: z.string({ error: GUARD_MSG.emailRequired }).trim().min(1, GUARD_MSG.emailRequired).max(200).regex(SIMPLE_EMAIL, GUARD_MSG.emailInvalid),
});
export type AssignGuard = z.infer<typeof ZAssignGuard>;
