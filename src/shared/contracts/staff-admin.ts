/**
 * /Staff (module 'staff', super-admin): the society's staff accounts. Not in the spec; see
 * docs/spec-deviations.md. Emails are compared case-insensitively and are unique across
 * societies (they sign in).
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { SUB_ROLES } from '../subroles.js';
import { atMostChars, listResponse, ZListQuery } from './common.js';

/** What a staff account's row says of it: 'Invited' while its temporary password is unchanged. */
export const STAFF_STATUSES = ['Active', 'Invited', 'Disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

const ZSubRole = z.enum(SUB_ROLES, { error: `Sub-role must be one of: ${SUB_ROLES.join(', ')}.` });

/** GET /api/staff query: the shared list query; `q` matches a part of the name or the email (case-insensitive). */
export const ZStaffListQuery = ZListQuery;

/** One row of /Staff. */
export const ZStaffMember = z.object({
  _id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subRole: z.string().describe('One of the 16 sub-roles'),
  status: z.enum(STAFF_STATUSES),
  lastSignInAt: z.string().nullable().describe('ISO 8601 timestamp of the last sign-in; null: never'),
  twoFactor: z.boolean().describe('Two-factor (TOTP) sign-in is on'),
  /** The signed-in super-admin's own row: changed only through My account. */
  self: z.boolean(),
});
export type StaffMember = z.infer<typeof ZStaffMember>;
export const ZStaffMemberList = listResponse(ZStaffMember);

/** POST /api/staff body. */
export const ZStaffCreate = z.object({
  name: z.string({ error: MSG.staffNameRequired }).trim().min(1, MSG.staffNameRequired).max(100, atMostChars(100)),
  email: z.string({ error: MSG.emailRequired }).trim().min(1, MSG.emailRequired).max(200, atMostChars(200)).email(MSG.emailInvalid),
  subRole: ZSubRole,
});
export type StaffCreate = z.infer<typeof ZStaffCreate>;

/** 201 answer of POST /api/staff: the new id and the temporary password, shown once. */
export const ZStaffCreated = z.object({
  _id: z.number().int(),
  temporaryPassword: z.string().describe('Valid for TEMP_PASSWORD_HOURS; must be changed at the first sign-in'),
});
export type StaffCreated = z.infer<typeof ZStaffCreated>;

/** PUT /api/staff/:id body: a new sub-role, disable (true) or enable (false); at least one. */
export const ZStaffUpdate = z
  .object({
    subRole: ZSubRole.optional(),
    disabled: z.boolean({ error: 'Disabled must be true or false.' }).optional(),
  })
  .refine((u) => u.subRole !== undefined || u.disabled !== undefined, { message: MSG.staffNothingToChange, path: ['subRole'] });
export type StaffUpdate = z.infer<typeof ZStaffUpdate>;

/** POST /api/staff/:id/reset-password answer. */
export const ZTemporaryPassword = z.object({ temporaryPassword: z.string() });
export type TemporaryPassword = z.infer<typeof ZTemporaryPassword>;
