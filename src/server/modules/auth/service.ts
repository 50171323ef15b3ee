import type { CurrentUser } from '../../../shared/contracts/auth.js';
import { MSG } from '../../../shared/messages.js';
import type { Clock } from '../../lib/clock.js';
import { BadRequestError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors.js';
import type { EventBus } from '../../lib/events.js';
import { SessionCache } from '../../lib/session-cache.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { SignInThrottle } from './login-throttle.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { passwordProblem } from '../../lib/password-policy.js';
import { mediaPaths } from '../media/service.js';
import type { StaffContext } from '../../lib/caller-context.js';
import type { AuthRepo } from './repo.js';

export type { StaffContext } from '../../lib/caller-context.js';

/** Shapes a staff member as the spec's current-user object (section 3). */
export function toCurrentUser(s: Omit<StaffContext, 'mustChangePassword'>): CurrentUser {
  return { _id: String(s.id), name: s.name, Role: s.role, SubRole: s.subRole, societyName: s.societyName };
}

/** A live staff session: who, until when, and the token's SHA-256 (what the socket module keys on). */
export interface StaffSession {
  staff: StaffContext;
  expiresAt: Date;
  tokenHash: string;
}

export interface AuthServiceDeps {
  repo: AuthRepo;
  /** In memory on the embedded database; shared by every instance on PostgreSQL or Redis. */
  throttle: SignInThrottle;
  /** Session lifetime in milliseconds. */
  sessionTtlMs: number;
  clock: Clock;
  /** Hears 'staff.session-ended' and 'staff.account-changed' (the socket module closes sockets). */
  bus: EventBus;
  /**
   * How long a session read from the database is served from memory, ms (SESSION_CACHE_MS; 0:
   * every request reads it). Logout and account changes drop it here at once and on the other
   * instances when the socket module relays the end ({@link AuthService.forgetSession}).
   */
  sessionCacheMs?: number;
}

/**
 * Staff sign-in (spec sections 1, 6, 8). Only Role 'Admin' may sign in; unknown email, wrong
 * password and another role all fail alike with 401 MSG.loginFailed, so the answer never tells
 * which accounts exist. Attempts are counted before the password is checked and throttled per
 * address and email, per address and per account (429 MSG.loginThrottled with Retry-After).
 */
export function authService({ repo, throttle, sessionTtlMs, clock, bus, sessionCacheMs = 0 }: AuthServiceDeps) {
  const cache = new SessionCache<StaffSession>({ ttlMs: sessionCacheMs, clock, ownerOf: (s) => s.staff.id });
  async function session(token: string | undefined): Promise<StaffSession | undefined> {
    if (!token) return undefined;
    const tokenHash = hashToken(token);
    return cache.get(tokenHash, async () => {
      const found = await repo.findSession(tokenHash, clock.now());
      return found && { value: { ...found, tokenHash }, expiresAt: found.expiresAt };
    });
  }

  async function logoUrl(societyId: number): Promise<string | null> {
    const row = await repo.logoOf(societyId);
    return row ? mediaPaths(row).url : null;
  }

  return {
    /**
     * @returns the session token for the cookie, the current user, the society's logo URL and
     * whether the password is a temporary one; records the sign-in time.
     * @throws 401 MSG.loginFailed (also for a disabled account), 401 MSG.temporaryPasswordExpired
     *   (a right temporary password past TEMP_PASSWORD_HOURS), 429.
     */
    async login(
      email: string,
      password: string,
      ip: string,
    ): Promise<{ token: string; user: CurrentUser; expiresAt: Date; logoUrl: string | null; mustChangePassword: boolean }> {
      const attempt = await throttle.begin(ip, email);
      if ('retryAfterS' in attempt) throw new TooManyRequestsError(MSG.loginThrottled, attempt.retryAfterS);
      let staff: Awaited<ReturnType<AuthRepo['findByEmail']>>;
      let ok: boolean;
      try {
        staff = await repo.findByEmail(email);
        ok = await verifyPassword(staff?.passwordHash, password);
      } catch (err) {
        // Best effort: a shared store that failed too must not hide the first error.
        await Promise.resolve()
          .then(() => attempt.abandoned())
          .catch(() => undefined);
        throw err;
      }
      // A refused attempt stays counted as a failure. A disabled account fails like a wrong password.
      if (!staff || !ok || staff.role !== 'Admin' || staff.disabledAt) throw new UnauthorizedError(MSG.loginFailed);
      const now = clock.now();
      if (staff.temporaryPasswordUntil && staff.temporaryPasswordUntil <= now) throw new UnauthorizedError(MSG.temporaryPasswordExpired);
      // Best effort too: a shared store that cannot clear the attempt leaves it counted, no worse.
      await Promise.resolve()
        .then(() => attempt.succeeded())
        .catch(() => undefined);
      const { token, hash } = newToken();
      const expiresAt = new Date(now.getTime() + sessionTtlMs);
      await repo.createSession(hash, staff.id, expiresAt);
      await repo.recordSignIn(staff.id, now);
      return {
        token,
        expiresAt,
        user: toCurrentUser({ ...staff, subRole: staff.subRole ?? '' }),
        logoUrl: await logoUrl(staff.societyId),
        mustChangePassword: staff.temporaryPasswordUntil !== null,
      };
    },
    /**
     * PUT /api/society/me/password: the member sets a password of their own (no longer temporary);
     * every other session of theirs ends (their sockets close on every instance), this one stays.
     * @throws 400 MSG.currentPasswordWrong (field currentPassword); 400 naming newPassword when it is
     *   the current one (MSG.passwordUnchanged) or fails the policy (lib/password-policy.ts, its reason).
     */
    async changePassword(staff: StaffContext, token: string, currentPassword: string, newPassword: string): Promise<void> {
      const account = await repo.passwordOf(staff.id);
      if (!account || !(await verifyPassword(account.passwordHash, currentPassword))) throw new BadRequestError(MSG.currentPasswordWrong, 'currentPassword');
      if (newPassword === currentPassword) throw new BadRequestError(MSG.passwordUnchanged, 'newPassword');
      const problem = await passwordProblem(newPassword, [staff.name, account.email, account.email.split('@')[0]!, staff.societyName]);
      if (problem) throw new BadRequestError(problem, 'newPassword');
      const keep = hashToken(token);
      const ended = await repo.changePassword(staff, await hashPassword(newPassword), keep, clock.now());
      // This session's cached copy still says "temporary": read it again at the next request.
      cache.forgetOwner(staff.id);
      for (const tokenHash of ended) bus.emit('staff.session-ended', { tokenHash });
      if (staff.mustChangePassword) bus.emit('staff.password-chosen', { tokenHash: keep });
    },
    /** The display URL of the society's logo (every staff header shows it), or null. */
    logoUrl,
    /** The staff member of a session token, or undefined (expired, logged out, unknown). */
    async authenticate(token: string | undefined): Promise<StaffContext | undefined> {
      return (await session(token))?.staff;
    },
    /** The live session of a token with its expiry, or undefined (for the socket module). */
    session,
    /** Ends the session on the server; its open sockets are disconnected ('staff.session-ended'). */
    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const tokenHash = hashToken(token);
      await repo.deleteSession(tokenHash);
      cache.forget(tokenHash);
      bus.emit('staff.session-ended', { tokenHash });
    },
    /**
     * Signs an account out everywhere: deletes all its sessions and disconnects its sockets
     * ('staff.account-changed'). For the account-editing screens (role change, block, password).
     */
    async revokeAccount(staffId: number): Promise<void> {
      await repo.deleteSessionsOf(staffId);
      cache.forgetOwner(staffId);
      bus.emit('staff.account-changed', { staffId });
    },
    /**
     * The account's access changed (a new sub-role) but its sessions go on: they are read again
     * at their next request, and its sockets reconnect to join the new rooms
     * ('staff.access-changed', relayed to every instance).
     */
    refreshAccount(staffId: number): void {
      cache.forgetOwner(staffId);
      bus.emit('staff.access-changed', { staffId });
    },
    /** Drops a session from this instance's cache: another instance ended it (logout). */
    forgetSession(tokenHash: string): void {
      cache.forget(tokenHash);
    },
    /** Drops an account's sessions from this instance's cache: another instance revoked them. */
    forgetAccount(staffId: number): void {
      cache.forgetOwner(staffId);
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
