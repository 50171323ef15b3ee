import { z } from 'zod';
import { MSG } from '../messages.js';
import { atMostChars } from './common.js';

/** POST /api/society/login body (spec section 5 "Login" messages). */
export const ZLoginRequest = z.object({
  email: z.string({ error: MSG.emailRequired }).trim().min(1, MSG.emailRequired).email(MSG.emailInvalid).max(200, atMostChars(200)),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200, atMostChars(200)),
});
export type LoginRequest = z.infer<typeof ZLoginRequest>;

/**
 * PUT /api/society/me/password body: the current password and the new one. The policy (length,
 * not common or guessable) is the server's (lib/password-policy.ts), which names `newPassword`.
 */
export const ZChangePasswordRequest = z.object({
  currentPassword: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200, atMostChars(200)),
  newPassword: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200, atMostChars(200)),
});
export type ChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** The signed-in staff member, as stored in local storage (spec section 3 "Current user"). */
export const ZCurrentUser = z.object({
  _id: z.string(),
  name: z.string(),
  Role: z.string(),
  SubRole: z.string(),
  societyName: z.string(),
});
export type CurrentUser = z.infer<typeof ZCurrentUser>;

/**
 * POST /api/society/login and GET /api/society/me → the user, and the society's logo URL (issue
 * 10, spec section 1 "logoId": every staff header shows it; null when none is set).
 */
export const ZLoginResponse = z.object({
  user: ZCurrentUser,
  logoUrl: z.string().nullable().optional(),
  /** True when the member signed in with a temporary password (made by the operator or a reset): it must be changed. */
  mustChangePassword: z.boolean(),
});
export type LoginResponse = z.infer<typeof ZLoginResponse>;

/** POST /api/resident/login body: the mobile app signs a resident in by phone. */
export const ZResidentLoginRequest = z.object({
  phone: z
    .string()
    .trim()
    .regex(/^\d{11}$/, 'Phone must be exactly 11 digits.'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, atMostChars(200)),
});
export const ZResidentLoginResponse = z.object({
  token: z.string().describe('Bearer token for the resident API'),
  resident: z.object({ residentId: z.string(), name: z.string(), societyName: z.string() }),
});
export type ResidentLoginResponse = z.infer<typeof ZResidentLoginResponse>;
