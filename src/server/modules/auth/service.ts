import { hashSync, verify } from '@node-rs/argon2';
import type { CurrentUser } from '../../../shared/contracts/auth.js';
import { MSG } from '../../../shared/messages.js';
import { TooManyRequestsError, UnauthorizedError } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { LoginThrottle } from './login-throttle.js';
import type { AuthRepo, StaffContext } from './repo.js';

// Verified against when the email is unknown, so both failures take the same time.
let dummyHash: string | undefined;
const getDummyHash = () => (dummyHash ??= hashSync('no-such-account'));

/** Shapes a staff member as the spec's current-user object (section 3). */
export function toCurrentUser(s: StaffContext): CurrentUser {
  return { _id: String(s.id), name: s.name, Role: s.role, SubRole: s.subRole, societyName: s.societyName };
}

/**
 * Staff sign-in (spec sections 1, 6, 8). Only Role 'Admin' may sign in; unknown email, wrong
 * password and another role all fail alike with 401 MSG.loginFailed, so the answer never tells
 * which accounts exist. Failures are throttled per address and email (429).
 */
export function authService(repo: AuthRepo, throttle: LoginThrottle, sessionTtlMs: number) {
  return {
    /** @returns the session token for the cookie and the current user; throws 401/429. */
    async login(email: string, password: string, ip: string): Promise<{ token: string; user: CurrentUser; expiresAt: Date }> {
      const wait = throttle.retryAfterS(ip, email);
      if (wait > 0) throw new TooManyRequestsError(MSG.loginThrottled, wait);
      const staff = await repo.findByEmail(email);
      const ok = await verify(staff?.passwordHash ?? getDummyHash(), password).catch(() => false);
      if (!staff || !ok || staff.role !== 'Admin') {
        throttle.recordFailure(ip, email);
        throw new UnauthorizedError(MSG.loginFailed);
      }
      throttle.recordSuccess(ip, email);
      const { token, hash } = newToken();
      const expiresAt = new Date(Date.now() + sessionTtlMs);
      await repo.createSession(hash, staff.id, expiresAt);
      return { token, expiresAt, user: toCurrentUser({ ...staff, subRole: staff.subRole ?? '' }) };
    },
    /** The staff member of a session token, or undefined (expired, logged out, unknown). */
    async authenticate(token: string | undefined): Promise<StaffContext | undefined> {
      if (!token) return undefined;
      return repo.findSession(hashToken(token));
    },
    async logout(token: string | undefined): Promise<void> {
      if (token) await repo.deleteSession(hashToken(token));
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
