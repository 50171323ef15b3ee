/**
 * Two-factor sign-in's arithmetic (RFC 6238 TOTP through `otpauth`, and recovery codes), with no
 * storage: the service (two-factor-service.ts) keeps the secrets and the last step accepted.
 * TOTP: SHA-1, 6 digits, 30-second steps, what every authenticator app reads from the QR code;
 * a code of the step before or after the current one is accepted (clock drift).
 */
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { hashToken } from '../../lib/tokens.js';

const PERIOD_S = 30;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** How many recovery codes an enrolment gives. */
export const RECOVERY_CODES = 10;

function totp(secret: string, label = '', issuer = 'Society Desk'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** A new random secret (160 bits, base32). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an authenticator app reads (label: the member's email; issuer: the product and society). */
export function otpauthUrl(secret: string, email: string, societyName: string): string {
  return totp(secret, email, `Society Desk (${societyName})`).toString();
}

/**
 * The time step of `code` when it is right for `secret` at `nowMs` (± one step), else null. The
 * caller accepts it only if the step is later than the last one accepted, so a code works once.
 */
export function totpStep(secret: string, code: string, nowMs: number): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_S) + delta;
}

/** The current code of a secret (tests and the browser test compute codes as an app would). */
export function totpCode(secret: string, nowMs: number): string {
  return totp(secret).generate({ timestamp: nowMs });
}

/** Ten recovery codes (`xxxxx-xxxxx`, ~49 bits each) and their hashes to store. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(recoveryHash) };
}

/** The stored form of a recovery code as typed: letter case, spaces and dashes do not matter. */
export function recoveryHash(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]+/g, ''));
}

/** True when `code` has the shape of a recovery code rather than a TOTP code. */
export function looksLikeRecoveryCode(code: string): boolean {
  return code.toLowerCase().replace(/[\s-]+/g, '').length === 10;
}
