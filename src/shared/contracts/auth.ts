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
 * POST /api/society/login and GET /api/society/me → the user, the society's logo URL (issue
 * 10, spec section 1 "logoId": every staff header shows it; null when none is set) and the
 * society's time zone, in which the dashboard writes every date and time.
 */
export const ZLoginResponse = z.object({
  user: ZCurrentUser,
  logoUrl: z.string().nullable().optional(),
  timeZone: z.string().describe("The society's time zone (IANA name, e.g. Asia/Karachi): dates and times are shown in it"),
  /** True when the member signed in with a temporary password (made by the operator or a reset): it must be changed. */
  mustChangePassword: z.boolean(),
  /** True when the society requires two-factor sign-in of its super-admins and this one has not turned it on yet. */
  mustEnrolTwoFactor: z.boolean(),
});
export type LoginResponse = z.infer<typeof ZLoginResponse>;

/** POST /api/society/login when the account has two-factor sign-in on: no session yet, a challenge to complete with a code. */
export const ZTwoFactorChallenge = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string().describe('Send with the code to POST /api/society/login/2fa within 5 minutes'),
});
export type TwoFactorChallenge = z.infer<typeof ZTwoFactorChallenge>;

/** POST /api/society/login → signed in, or a two-factor challenge. */
export const ZLoginAnswer = z.union([ZLoginResponse, ZTwoFactorChallenge]);
export type LoginAnswer = z.infer<typeof ZLoginAnswer>;

/** A TOTP code (6 digits) or a recovery code (10 letters and digits, dashes and spaces ignored). */
const ZCode = z.string({ error: MSG.twoFactorCodeRequired }).trim().min(1, MSG.twoFactorCodeRequired).max(40, atMostChars(40));

/** POST /api/society/login/2fa body. */
export const ZTwoFactorLogin = z.object({
  challenge: z.string({ error: MSG.twoFactorChallengeGone }).min(1, MSG.twoFactorChallengeGone).max(100, atMostChars(100)),
  code: ZCode,
});
export type TwoFactorLogin = z.infer<typeof ZTwoFactorLogin>;

/** POST /api/society/me/2fa answer: the secret to add to an authenticator app, as a link and as a QR code (SVG text). */
export const ZTwoFactorEnrolment = z.object({
  otpauthUrl: z.string().describe('otpauth://totp/… (RFC 6238: SHA-1, 6 digits, 30 s)'),
  secret: z.string().describe('The same secret in base32, for typing in by hand'),
  qrSvg: z.string().describe('The otpauth URL as an SVG QR code'),
});
export type TwoFactorEnrolment = z.infer<typeof ZTwoFactorEnrolment>;

/** GET /api/society/me/2fa: whether two-factor sign-in is on, and whether the society requires it of this member. */
export const ZTwoFactorStatus = z.object({ on: z.boolean(), required: z.boolean() });
export type TwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** POST /api/society/me/2fa/confirm body: a code of the new secret. */
export const ZTwoFactorConfirm = z.object({ code: ZCode });
/** POST /api/society/me/2fa/confirm answer: ten recovery codes, shown once. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** DELETE /api/society/me/2fa body: turning two-factor off asks for the password. */
export const ZTwoFactorOff = ZChangePasswordRequest.pick({ currentPassword: true });

/** One of the member's own sessions (My account). */
export const ZOwnSession = z.object({
  current: z.boolean().describe('The session of this request'),
  createdAt: z.string().describe('ISO 8601: when it signed in'),
  expiresAt: z.string(),
  address: z.string().describe('The address it signed in from'),
  userAgent: z.string().describe('The browser it signed in with'),
});
export type OwnSession = z.infer<typeof ZOwnSession>;
export const ZOwnSessions = z.object({ items: z.array(ZOwnSession) });

/** GET /api/society/two-factor-policy and PUT (super-admin): whether every super-admin of the society must use two-factor sign-in. */
export const ZTwoFactorPolicy = z.object({
  requireForSuperAdmins: z.boolean({ error: 'requireForSuperAdmins must be true or false.' }),
});
export type TwoFactorPolicy = z.infer<typeof ZTwoFactorPolicy>;

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
  mustChangePassword: z
    .boolean()
    .describe('True when the password is a temporary one staff set (a reset): the app asks for a new one first (PUT /api/resident/password)'),
});
export type ResidentLoginResponse = z.infer<typeof ZResidentLoginResponse>;
