/**
 * Residents join, and staff decide (spec sections 2 "Resident verification" and
 * "Status", 3 "Resident", 8): self-registration and the push token on the resident API, and the
 * /Residence and /Status staff routes.
 */
import { z } from 'zod';
import { PHONE_PATTERN } from '../constants.js';
import { ZAuditEntry, ZListQuery, atMostChars, listResponse, residentSearchQuery } from './common.js';

const PHONE_MSG = 'Phone must be exactly 11 digits.';
const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, atMostChars(max));
/** An optional text field; '' counts as not given. */
const optionalText = (max: number) => z.string({ error: 'Must be text.' }).trim().max(max, atMostChars(max)).optional();
/** An optional phone: exactly 11 digits when given; '' counts as not given. */
const optionalPhone = z
  .string({ error: PHONE_MSG })
  .trim()
  .refine((s) => s === '' || PHONE_PATTERN.test(s), PHONE_MSG)
  .optional();

/** The minimum length of a resident's password. */
export const RESIDENT_PASSWORD_MIN = 8;

/**
 * A resident's password as registration and a password change accept it: 8–200 characters
 * ({@link RESIDENT_PASSWORD_MIN}); the message names the rule.
 */
export function zResidentPassword() {
  return z
    .string({ error: 'Password is required' })
    .min(RESIDENT_PASSWORD_MIN, `Password must be at least ${RESIDENT_PASSWORD_MIN} characters.`)
    .max(200, atMostChars(200));
}

/**
 * POST /api/resident/register body (public, rate-limited). `societyName` must name an existing
 * society (else 400 naming it); phones are exactly 11 digits (family phones too, when given);
 * password 8–200 characters; age a whole number 1–150. Unknown keys are ignored.
 */
export const ZRegisterResident = z.object({
  societyName: required('Society name', 200),
  name: required('Name', 100),
  phone: z.string({ error: PHONE_MSG }).trim().regex(PHONE_PATTERN, PHONE_MSG),
  password: zResidentPassword(),
  house: required('House', 100),
  street: required('Street', 100),
  block: required('Block', 100),
  email: z
    .string({ error: 'Provide a valid email address' })
    .trim()
    .max(200, atMostChars(200))
    .refine((s) => s === '' || z.email().safeParse(s).success, 'Provide a valid email address')
    .optional(),
  age: z
    .number({ error: 'Age must be a whole number from 1 to 150.' })
    .int('Age must be a whole number from 1 to 150.')
    .min(1, 'Age must be a whole number from 1 to 150.')
    .max(150, 'Age must be a whole number from 1 to 150.')
    .optional(),
  fatherName: optionalText(100),
  fatherPhone: optionalPhone,
  fm1Name: optionalText(100),
  fm1Phone: optionalPhone,
  fm2Name: optionalText(100),
  fm2Phone: optionalPhone,
});
export type RegisterResident = z.infer<typeof ZRegisterResident>;

/** 201 answer of a registration: the generated resident id (e.g. GV0057) and 'Pending'. No secrets. */
export const ZRegisterResponse = z.object({
  residentID: z.string().describe('Generated society resident id, e.g. GV0057'),
  status: z.literal('Pending'),
});
export type RegisterResponse = z.infer<typeof ZRegisterResponse>;

/** PUT /api/resident/push-token body: the device's push (FCM) token, 1–4096 characters. */
export const ZPushToken = z.object({
  token: z.string({ error: 'Token is required.' }).trim().min(1, 'Token is required.').max(4096, atMostChars(4096)),
});

/** GET /api/residents/verify query: `residentId`, e.g. GV0001 (trimmed, at most 40 characters). */
export const ZVerifyQuery = z.object({
  residentId: z.string({ error: 'Resident ID is required.' }).trim().min(1, 'Resident ID is required.').max(40, atMostChars(40)),
});

/**
 * What /Residence shows for a verified resident (spec section 2 "Resident verification": the
 * field names are the spec's). `Address` is "House h, Street s, Block b"; `Age` null when unknown;
 * the father's fields '' when not given.
 */
export const ZResidentVerify = z.object({
  Name: z.string(),
  Address: z.string(),
  Phone_Number: z.string(),
  Age: z.number().int().nullable(),
  ResidentID: z.string(),
  Father_Name: z.string(),
  Father_Phone_Number: z.string(),
});
export type ResidentVerify = z.infer<typeof ZResidentVerify>;

export const RESIDENT_STATUSES = ['Pending', 'Approve', 'Block'] as const;
export const ZResidentStatus = z.enum(RESIDENT_STATUSES);
export type ResidentStatus = z.infer<typeof ZResidentStatus>;

/**
 * GET /api/residents and /api/residents/pending query: the shared list query, `q` a prefix of the
 * full name (case-insensitive, trimmed, at most 100 characters; empty: every resident; `name`
 * still read for one release), newest first, 10 a page.
 */
export const ZResidentSearchQuery = residentSearchQuery();
export type ResidentSearchQuery = z.infer<typeof ZResidentSearchQuery>;

/** One resident of the /Status lists: the verify fields plus the row id, status and registration time. */
export const ZResidentRow = ZResidentVerify.extend({
  _id: z.number().int().describe('Row id: the list cursor and the id of PUT /api/residents/:id/status'),
  Status: ZResidentStatus,
  registeredAt: z.string().describe('ISO 8601 timestamp'),
});
export type ResidentRow = z.infer<typeof ZResidentRow>;
export const ZResidentRowList = listResponse(ZResidentRow);

/** GET /api/residents/:id (status): one resident with the history of their account (oldest first). */
export const ZResidentStatusDetail = ZResidentRow.extend({ history: z.array(ZAuditEntry) });
export type ResidentStatusDetail = z.infer<typeof ZResidentStatusDetail>;

/** PUT /api/residents/:id/status body (spec section 5 "Status"): Approve or Block. */
export const ZStatusUpdate = z.object({
  status: z.enum(['Approve', 'Block'], { error: 'Status must be Approve or Block.' }),
});
export type StatusUpdate = z.infer<typeof ZStatusUpdate>;

/** Society names per page of GET /api/societies. */
export const SOCIETY_NAMES_PAGE_SIZE = 20;

/**
 * GET /api/societies query (public: the registration screen's society picker): `page` (1-based)
 * and `q`, a case-insensitive part of the name (trimmed, at most 100 characters; '' = all).
 * `search` is the same as `q` (the picker's own word), read when `q` is empty.
 */
export const ZSocietyNamesQuery = ZListQuery.pick({ page: true, q: true })
  .extend({ search: z.string({ error: 'Search text must be text.' }).trim().max(100, atMostChars(100)).optional() })
  .transform(({ search, ...query }) => ({ ...query, q: query.q || (search ?? '') }));
export type SocietyNamesQuery = z.infer<typeof ZSocietyNamesQuery>;

/**
 * GET /api/societies: one page of society names, A to Z, {@link SOCIETY_NAMES_PAGE_SIZE} a page,
 * in the list response; names only (no id, code or anything else). Paged by `page` only: the
 * cursors `nextAfter`/`prevBefore` are always null (the order is by name, not id).
 */
export const ZSocietyNameList = listResponse(z.object({ name: z.string() }));
export type SocietyNameList = z.infer<typeof ZSocietyNameList>;
