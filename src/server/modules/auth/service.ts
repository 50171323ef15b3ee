import type { CurrentUser, OwnSession } from '../../../shared/contracts/auth.js';
import { MSG } from '../../../shared/messages.js';
import type { Clock } from '../../lib/clock.js';
import { BadRequestError, ConflictError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors.js';
import type { EventBus } from '../../lib/events.js';
import { claimSession } from '../../lib/request-context.js';
import { SessionCache } from '../../lib/session-cache.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { abandoned as abandon, succeeded as succeed, type SignInThrottle } from '../../lib/sign-in-throttle/login-throttle.js';
import { looksLikeRecoveryCode, recoveryHash, totpStep } from './two-factor.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { passwordProblem } from '../../lib/password-policy.js';
import { mediaPaths } from '../media/service.js';
import { staffActor } from '../audit/service.js';
import type { StaffContext } from '../../lib/caller-context.js';
import { staffSessionHolds, type AuthRepo, type SignInOrigin } from './repo.js';

export type { StaffContext } from '../../lib/caller-context.js';

/** Shapes a staff member as the spec's current-user object (section 3). */
export function toCurrentUser(s: Pick<StaffContext, 'id' | 'name' | 'role' | 'subRole' | 'societyName'>): CurrentUser {
  return { _id: String(s.id), name: s.name, Role: s.role, SubRole: s.subRole, societyName: s.societyName };
}

/** A completed sign-in: the session token for the cookie and what the sign-in answers. */
export interface SignedIn {
  token: string;
  expiresAt: Date;
  user: CurrentUser;
  logoUrl: string | null;
  /** The society's time zone (IANA name): the dashboard shows every date and time in it. */
  timeZone: string;
  mustChangePassword: boolean;
  mustEnrolTwoFactor: boolean;
}

/** A sign-in's outcome: signed in, or (two-factor on) a challenge token to complete with a code. */
export type SignInResult = { signedIn: SignedIn } | { challenge: string };

/** How long a two-factor challenge may be completed, ms. */
const CHALLENGE_TTL_MS = 5 * 60_000;

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
   * How long a session read from the database is remembered, ms (SESSION_CACHE_MS; 0: every
   * request reads it); a remembered one is still confirmed by the request's first query
   * ({@link AuthService.authenticate}). Logout and account changes drop it here at once and on the
   * other instances when the socket module relays the end ({@link AuthService.forgetSession}).
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
  /**
   * The live session of a token, from the cache or the database (`fresh`: the database).
   * @returns `cached` true when the database was not asked.
   */
  async function read(token: string | undefined, fresh = false): Promise<{ value: StaffSession; cached: boolean } | undefined> {
    if (!token) return undefined;
    const tokenHash = hashToken(token);
    const load = async () => {
      const found = await repo.findSession(tokenHash, clock.now());
      return found && { value: { ...found, tokenHash }, expiresAt: found.expiresAt };
    };
    return cache.read(tokenHash, load, { fresh });
  }

  async function signedOutMessage(token: string | undefined): Promise<string> {
    if (token && (await repo.isSessionOfDisabled(hashToken(token), clock.now()))) return MSG.accountDisabled;
    return MSG.notSignedIn;
  }

  async function societyLook(societyId: number): Promise<{ logoUrl: string | null; timeZone: string }> {
    const { logo, timeZone } = await repo.societyLook(societyId);
    return { logoUrl: logo ? mediaPaths(logo).url : null, timeZone };
  }

  type Account = NonNullable<Awaited<ReturnType<AuthRepo['findByEmail']>>>;
  const auditSignIn = (staff: Account, action: 'sign-in' | 'sign-in-failed', origin: SignInOrigin, what?: string) =>
    repo.audit({
      societyId: staff.societyId,
      actorKind: 'staff',
      actorId: staff.id,
      actorName: staff.name,
      entity: 'staff',
      entityId: staff.id,
      action,
      detail: [`from ${origin.address || 'an unknown address'}`, what].filter(Boolean).join(', '),
      at: clock.now(),
    });

  /**
   * Checks a signed-in member's password (a password change, turning two-factor off), counting a
   * wrong one like a failed sign-in. @returns the account's email.
   * @throws 400 MSG.currentPasswordWrong (field currentPassword), 429 MSG.loginThrottled.
   */
  async function checkCurrentPassword(staff: StaffContext, password: string, address: string): Promise<{ email: string }> {
    const account = await repo.passwordOf(staff.id);
    if (!account) throw new BadRequestError(MSG.currentPasswordWrong, 'currentPassword');
    const attempt = await throttle.begin(address, account.email);
    if ('retryAfterS' in attempt) throw new TooManyRequestsError(MSG.loginThrottled, attempt.retryAfterS);
    let ok: boolean;
    try {
      ok = await verifyPassword(account.passwordHash, password);
    } catch (err) {
      await abandon(attempt);
      throw err;
    }
    if (!ok) throw new BadRequestError(MSG.currentPasswordWrong, 'currentPassword');
    await succeed(attempt);
    return { email: account.email };
  }

  /**
   * A new session of an account whose sign-in is complete: stored with its origin, the sign-in
   * recorded and audited. On a temporary password the account has one live session: this one
   * ends any other (opened with the same temporary password: a reset ended the older ones), so
   * whoever signs in with it last holds the account, and a member whose browser lost the first
   * session can sign in with it again until they choose their own.
   * @throws 401 MSG.loginFailed when the temporary password was replaced since it was checked.
   */
  async function openSession(staff: Account, origin: SignInOrigin): Promise<SignedIn> {
    const now = clock.now();
    const { token, hash } = newToken();
    const expiresAt = new Date(now.getTime() + sessionTtlMs);
    if (staff.temporaryPasswordUntil === null) await repo.createSession(hash, staff.id, expiresAt, origin, now);
    else {
      const ended = await repo.createOnlySession(hash, staff.id, staff.passwordHash, expiresAt, origin, now);
      if (!ended) throw new UnauthorizedError(MSG.loginFailed);
      for (const tokenHash of ended) {
        cache.forget(tokenHash);
        bus.emit('staff.session-ended', { tokenHash });
      }
    }
    await repo.recordSignIn(staff.id, now);
    await auditSignIn(staff, 'sign-in', origin);
    return {
      token,
      expiresAt,
      user: toCurrentUser({ ...staff, subRole: staff.subRole ?? '' }),
      ...(await societyLook(staff.societyId)),
      mustChangePassword: staff.temporaryPasswordUntil !== null,
      mustEnrolTwoFactor: staff.mustEnrolTwoFactor,
    };
  }

  return {
    /**
     * POST /api/society/login. A right password opens a session — @returns `signedIn` with the
     * session token for the cookie, the current user, the society's logo URL and whether the
     * member is held (a temporary password, a two-factor requirement) — unless the account has
     * two-factor sign-in on: then no session yet, but a `challenge` (5 minutes) that
     * {@link completeTwoFactor} turns into one with a code. Sign-ins and failed sign-ins of known
     * accounts are audited with the address.
     * @throws 401 MSG.loginFailed, 401 MSG.accountDisabled (a right password of a disabled
     *   account), 401 MSG.temporaryPasswordExpired (a right temporary password past
     *   TEMP_PASSWORD_HOURS), 429.
     */
    async login(email: string, password: string, origin: SignInOrigin): Promise<SignInResult> {
      const attempt = await throttle.begin(origin.address, email);
      if ('retryAfterS' in attempt) throw new TooManyRequestsError(MSG.loginThrottled, attempt.retryAfterS);
      let staff: Awaited<ReturnType<AuthRepo['findByEmail']>>;
      let ok: boolean;
      try {
        staff = await repo.findByEmail(email);
        ok = await verifyPassword(staff?.passwordHash, password);
      } catch (err) {
        await abandon(attempt);
        throw err;
      }
      // A refused attempt stays counted as a failure. A disabled account is named as such only to
      // whoever has its password (like an expired temporary one): they learn why, nobody else does.
      if (!staff || !ok || staff.role !== 'Admin' || staff.disabledAt) {
        if (staff?.role === 'Admin') await auditSignIn(staff, 'sign-in-failed', origin, staff.disabledAt && ok ? 'account disabled' : undefined);
        throw new UnauthorizedError(staff?.role === 'Admin' && staff.disabledAt && ok ? MSG.accountDisabled : MSG.loginFailed);
      }
      const now = clock.now();
      if (staff.temporaryPasswordUntil && staff.temporaryPasswordUntil <= now) throw new UnauthorizedError(MSG.temporaryPasswordExpired);
      if (staff.twoFactorOn) {
        // Not a success yet: the attempt stops counting but clears nothing, so the wrong codes
        // that may follow add up against this address and email like wrong passwords.
        await abandon(attempt);
        const { token, hash } = newToken();
        await repo.createChallenge(hash, staff.id, new Date(now.getTime() + CHALLENGE_TTL_MS), origin);
        return { challenge: token };
      }
      await succeed(attempt);
      return { signedIn: await openSession(staff, origin) };
    },
    /**
     * POST /api/society/login/2fa: completes a challenged sign-in with a TOTP code (each code works
     * once) or a recovery code (each works once). One challenge gives one session: it is claimed
     * (deleted) before the code is checked, so a second request with it, even at the same moment
     * on another instance, is told it is gone and uses no code. A wrong code gives it back with one
     * more wrong code counted (it ends after MAX_CHALLENGE_ATTEMPTS), so a mistyped code can be
     * typed again; wrong codes count against the sign-in throttle too, like wrong passwords.
     * @returns what a sign-in without two-factor returns.
     * @throws 401 MSG.twoFactorChallengeGone (unknown, expired, used up, or being completed by
     *   another request), 401 MSG.twoFactorCodeWrong (field code), 429.
     */
    async completeTwoFactor(challenge: string, code: string, address: string): Promise<SignedIn> {
      const claimed = await repo.claimChallenge(hashToken(challenge), clock.now());
      if (!claimed?.secret) throw new UnauthorizedError(MSG.twoFactorChallengeGone);
      // Best effort: a challenge that cannot be given back leaves a sign-in again with the password.
      const giveBack = (wrongCode: boolean) => repo.releaseChallenge(claimed, wrongCode).catch(() => undefined);
      const attempt = await Promise.resolve()
        .then(() => throttle.begin(address, claimed.email))
        .catch(async (err: unknown) => {
          await giveBack(false);
          throw err;
        });
      if ('retryAfterS' in attempt) {
        await giveBack(false);
        throw new TooManyRequestsError(MSG.loginThrottled, attempt.retryAfterS);
      }
      let right: boolean;
      let staff: Account | undefined;
      try {
        if (looksLikeRecoveryCode(code)) right = await repo.consumeRecoveryCode(claimed.staffId, recoveryHash(code));
        else {
          const step = totpStep(claimed.secret, code, clock.now().getTime());
          right = step !== null && (await repo.acceptStep(claimed.staffId, step));
        }
        staff = await repo.findByEmail(claimed.email);
      } catch (err) {
        await abandon(attempt);
        await giveBack(false);
        throw err;
      }
      if (!right || !staff) {
        await giveBack(true);
        if (staff) await auditSignIn(staff, 'sign-in-failed', { address, userAgent: claimed.userAgent }, 'two-factor code');
        throw new UnauthorizedError(MSG.twoFactorCodeWrong, 'code');
      }
      await succeed(attempt);
      return openSession(staff, { address: claimed.address, userAgent: claimed.userAgent });
    },
    /**
     * PUT /api/society/me/password: the member sets a password of their own (no longer temporary);
     * every other session of theirs ends (their sockets close on every instance), this one stays.
     * @throws 400 MSG.currentPasswordWrong (field currentPassword; guesses are throttled like
     *   sign-ins: 429); 400 naming newPassword when it is the current one (MSG.passwordUnchanged) or
     *   fails the policy (lib/password-policy.ts, its reason).
     */
    async changePassword(staff: StaffContext, token: string, currentPassword: string, newPassword: string, address: string): Promise<void> {
      const account = await checkCurrentPassword(staff, currentPassword, address);
      if (newPassword === currentPassword) throw new BadRequestError(MSG.passwordUnchanged, 'newPassword');
      const problem = await passwordProblem(newPassword, [staff.name, account.email, account.email.split('@')[0]!, staff.societyName]);
      if (problem) throw new BadRequestError(problem, 'newPassword');
      const keep = hashToken(token);
      const ended = await repo.changePassword(staff, await hashPassword(newPassword), keep, clock.now());
      // This session's cached copy still says "temporary": read it again at the next request.
      cache.forgetOwner(staff.id);
      for (const tokenHash of ended) bus.emit('staff.session-ended', { tokenHash });
      if (staff.mustChangePassword) bus.emit('staff.session-released', { tokenHash: keep });
    },
    checkCurrentPassword,
    /**
     * The member is no longer held (two-factor turned on as their society requires): the session
     * is read again at its next request, and its sockets reconnect with every room.
     */
    releaseSession(staffId: number, token: string): void {
      cache.forgetOwner(staffId);
      bus.emit('staff.session-released', { tokenHash: hashToken(token) });
    },
    /** My account: the member's live sessions, newest first, this one marked `current`. */
    async ownSessions(staff: StaffContext, token: string): Promise<OwnSession[]> {
      const current = hashToken(token);
      const rows = await repo.sessionsOf(staff.id, clock.now());
      return rows.map((r) => ({
        current: r.tokenHash === current,
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        address: r.address,
        userAgent: r.userAgent,
      }));
    },
    /** My account: ends every other session of the member (their sockets too, on every instance), audited. @returns how many ended. */
    async endOtherSessions(staff: StaffContext, token: string): Promise<number> {
      const ended = await repo.deleteOtherSessions(staff.id, hashToken(token));
      for (const tokenHash of ended) {
        cache.forget(tokenHash);
        bus.emit('staff.session-ended', { tokenHash });
      }
      if (ended.length > 0) {
        await repo.audit({
          ...staffActor(staff),
          entity: 'staff',
          entityId: staff.id,
          action: 'sign-out-others',
          detail: `${ended.length} session(s)`,
          at: clock.now(),
        });
      }
      return ended.length;
    },
    /**
     * What every staff screen of the society shows: the display URL of its logo (null: none) and
     * its time zone (IANA name, `societies.time_zone`), in which dates and times are written.
     */
    societyLook,
    /**
     * What a 401 says to a request without a live session: MSG.accountDisabled when its token is a
     * session of an account disabled since (the member is told why), else MSG.notSignedIn.
     */
    signedOutMessage,
    /**
     * The staff member of a session token, or undefined (expired, logged out, unknown). A session
     * served from the cache is claimed for the current request (lib/request-context.ts): the
     * request's first query confirms it in the database, and a session signed out, disabled or
     * changed since (sub-role, held) is refused there with `refusal()`'s error, after the cache
     * entry is dropped. Outside a request (nothing would confirm it) the session is read afresh.
     * @param refusal what the guard answers on a fresh read of the session (401/403); default: 401
     *   {@link signedOutMessage} when it is gone, else 409 MSG.sessionChanged
     */
    async authenticate(token: string | undefined, refusal?: () => Promise<Error>): Promise<StaffContext | undefined> {
      const found = await read(token);
      if (!found?.cached) return found?.value.staff;
      const { staff, tokenHash } = found.value;
      const claimed = claimSession({
        check: staffSessionHolds(tokenHash, staff),
        refusal: async () => {
          cache.forget(tokenHash);
          if (refusal) return refusal();
          const fresh = await read(token, true);
          return fresh ? new ConflictError(MSG.sessionChanged) : new UnauthorizedError(await signedOutMessage(token));
        },
      });
      return claimed ? staff : (await read(token, true))?.value.staff;
    },
    /**
     * The live session of a token with its expiry, or undefined: the socket module's handshake,
     * read from the database (a socket lives on, unchecked, after its handshake).
     */
    async session(token: string | undefined): Promise<StaffSession | undefined> {
      return (await read(token, true))?.value;
    },
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
     * `disabled`: the account was just disabled; its session rows stay (inert: no session of a
     * disabled account is found) so that its next request is told why ({@link signedOutMessage}).
     * Enabling the account again must revoke without it, so those sessions never come back.
     */
    async revokeAccount(staffId: number, opts: { disabled?: boolean } = {}): Promise<void> {
      if (!opts.disabled) await repo.deleteSessionsOf(staffId);
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
