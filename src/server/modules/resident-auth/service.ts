import type { ResidentLoginResponse } from '../../../shared/contracts/auth.js';
import type { ResidentProfile, ResidentSociety } from '../../../shared/contracts/resident.js';
import { MSG } from '../../../shared/messages.js';
import type { Clock } from '../../lib/clock.js';
import type { EventBus } from '../../lib/events.js';
import { claimSession } from '../../lib/request-context.js';
import { SessionCache } from '../../lib/session-cache.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { abandoned, beginAttempt, succeeded, type SignInThrottle } from '../../lib/sign-in-throttle/login-throttle.js';
import { toResidentProfile } from '../residents/service.js';
import { residentSessionHolds, type ResidentAuthRepo, type ResidentContext } from './repo.js';
import { registrationService } from './registration.js';

export type { ResidentContext } from './repo.js';

export interface ResidentAuthDeps {
  repo: ResidentAuthRepo;
  clock: Clock;
  bus: EventBus;
  /** Bearer token lifetime in milliseconds (RESIDENT_TOKEN_TTL_DAYS). */
  tokenTtlMs: number;
  /**
   * Counts wrong passwords per (address, phone), per address and per phone (the resident scope of
   * the sign-in throttle): in memory on the embedded database, shared by every instance on
   * PostgreSQL or Redis.
   */
  throttle: SignInThrottle;
  /**
   * Tokens read lately, by token hash ({@link residentSessionCache}); shared by the main lane's and
   * the alarm lane's guards, so one sign-out or status change drops the token from both.
   */
  cache: ResidentSessionCache;
}

/** Resident tokens served from memory for SESSION_CACHE_MS (lib/session-cache.ts), by token hash. */
export type ResidentSessionCache = SessionCache<ResidentContext>;

/** The resident token cache: entries live `ttlMs` at most (0: off), on `clock`; owner = resident id. */
export function residentSessionCache(ttlMs: number, clock: Clock): ResidentSessionCache {
  return new SessionCache<ResidentContext>({ ttlMs, clock, ownerOf: (r) => r.id });
}

/** A resident socket's session: who, its token's SHA-256 hex, and when the token expires. */
export interface ResidentSocketSession {
  resident: ResidentContext;
  tokenHash: string;
  expiresAt: Date;
}

const bearer = (authorization: string | undefined) => /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];

/**
 * The session a request's `Authorization: Bearer <token>` names, as stored (resident_sessions.token_hash),
 * or undefined without a bearer token. Used by what must end with that sign-in (a Web Push subscription).
 */
export function sessionOf(authorization: string | undefined): string | undefined {
  const token = bearer(authorization);
  return token ? hashToken(token) : undefined;
}
const NO_TOKEN = 'Sign in to the resident app first.';

/**
 * Who a resident route lets in besides an approved resident on a password of their own (plugins/auth.ts):
 * `allowPending` a registration staff have not decided yet (the account routes), `allowHeld` a
 * resident still on a staff reset's temporary password (the profile, the society read and the
 * password change only). Both default to false, so a new route holds both.
 */
export interface ResidentGuardOptions {
  allowPending?: boolean;
  allowHeld?: boolean;
}

/**
 * Resident sign-in for the mobile app: phone + password → bearer token (RESIDENT_TOKEN_TTL_DAYS).
 * An unknown phone (or one without a password) is checked against a dummy hash, so the answer's
 * timing does not tell which phones exist. Residents whose status is 'Approve' or 'Pending' (a
 * self-registration staff have not decided yet) get a token; 'Block' → 403, and a blocked
 * resident's existing tokens stop working at once (authenticate re-reads the status; blocking also
 * deletes them). Tokens are served from a short cache (SESSION_CACHE_MS); a sign-out and a status
 * change drop them from it on every instance ('resident.session-ended',
 * 'resident.account-changed', relayed by realtime/socket.ts), and until that relay arrives the
 * request's first query confirms a cached token (lib/request-context.ts `claimSession`), so a
 * blocked or signed-out token is refused from the moment that commits. A Pending resident's token
 * opens only the account routes (profile, push token, sign-out): every service request answers
 * 403 MSG.residentPending. A resident signed in with a
 * staff reset's temporary password is held the same way (staff are too, plugins/auth.ts): only the
 * profile, the society read, the password change and sign-out answer them until they chose their
 * own password; everything else, the SOS press included, is 403 MSG.residentChangeTemporaryPassword,
 * and their socket is refused. The office hands the temporary password over, so whoever holds it
 * must not act as the resident with it.
 */
export function residentAuthService({ repo, clock, bus, tokenTtlMs, cache, throttle }: ResidentAuthDeps) {
  /**
   * Stores the one token of a resident signing in with a temporary password: any other token of
   * theirs ends (it was opened with the same temporary password, as a reset deletes the older
   * ones), so whoever signs in with it last holds the account until the resident chooses their
   * own, and a resident whose app lost its token can sign in with it again.
   * @throws 401 MSG.residentLoginFailed when the password was replaced since it was checked.
   */
  async function oneTemporarySession(tokenHash: string, residentId: number, passwordHash: string, expiresAt: Date): Promise<void> {
    const ended = await repo.createOnlySession(tokenHash, residentId, passwordHash, expiresAt);
    if (!ended) throw new UnauthorizedError(MSG.residentLoginFailed);
    for (const hash of ended) {
      cache.forget(hash);
      bus.emit('resident.session-ended', { tokenHash: hash });
    }
  }

  return {
    ...registrationService({ repo, clock }),
    /**
     * POST /api/resident/login from `address` (the client's, req.ip). The attempt is counted
     * before the password is checked, like a staff sign-in: per (address, phone), per address
     * and per phone across addresses (LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_ACCOUNT in
     * LOGIN_WINDOW_S); a sign-in that gets a token clears the pair, every refusal stays counted.
     * A temporary password (a staff reset) gives one live token at a time: signing in with it
     * ends the token it gave before ({@link oneTemporarySession}).
     * @throws 401 MSG.residentLoginFailed for an unknown phone or wrong password, 401
     * MSG.residentTemporaryPasswordExpired for a right temporary password past its time (said only
     * once the password matched), 403 if blocked, 429 MSG.loginThrottled (Retry-After) once a
     * limit is reached, whatever the password.
     */
    async login(phone: string, password: string, address: string): Promise<ResidentLoginResponse> {
      const attempt = await beginAttempt(throttle, address, phone);
      let r: Awaited<ReturnType<ResidentAuthRepo['findByPhone']>>;
      let ok: boolean;
      try {
        r = await repo.findByPhone(phone);
        ok = await verifyPassword(r?.passwordHash, password);
      } catch (err) {
        await abandoned(attempt);
        throw err;
      }
      if (!r || !ok) throw new UnauthorizedError(MSG.residentLoginFailed);
      if (r.mustChangePassword && r.temporaryPasswordUntil && r.temporaryPasswordUntil <= clock.now()) {
        throw new UnauthorizedError(MSG.residentTemporaryPasswordExpired);
      }
      if (r.status === 'Block') throw new ForbiddenError(MSG.residentBlocked);
      await succeeded(attempt);
      const { token, hash } = newToken();
      const expiresAt = new Date(clock.now().getTime() + tokenTtlMs);
      if (!r.mustChangePassword) await repo.createSession(hash, r.id, expiresAt);
      else await oneTemporarySession(hash, r.id, r.passwordHash ?? '', expiresAt);
      return {
        token,
        resident: { residentId: r.residentCode, name: r.name, societyName: r.societyName },
        mustChangePassword: r.mustChangePassword,
      };
    },
    /**
     * The resident of a bearer token.
     * @param opts who else is let in ({@link ResidentGuardOptions}; default: approved and not held)
     * A token served from the cache is claimed for the current request (lib/request-context.ts):
     * the request's first query confirms it, and a token signed out or a resident blocked since is
     * refused there with what a fresh read says (409 MSG.sessionChanged if that lets it in).
     * Outside a request the token is read afresh.
     * @throws 401 for a missing or unknown token, 403 MSG.residentBlocked for a blocked resident,
     * 403 MSG.residentPending for a Pending one unless `allowPending`, 403
     * MSG.residentChangeTemporaryPassword for one on a temporary password unless `allowHeld`.
     */
    async authenticate(authorization: string | undefined, opts: ResidentGuardOptions = {}): Promise<ResidentContext> {
      const tokenHash = sessionOf(authorization);
      const load = async () => {
        const found = tokenHash ? await repo.findSession(tokenHash, clock.now()) : undefined;
        if (!found) return undefined;
        const { expiresAt, ...value } = found;
        return { value, expiresAt };
      };
      const admit = (r: ResidentContext | undefined): ResidentContext => {
        if (!r) throw new UnauthorizedError(NO_TOKEN);
        if (r.status === 'Block') throw new ForbiddenError(MSG.residentBlocked);
        if (r.status === 'Pending' && !opts.allowPending) throw new ForbiddenError(MSG.residentPending);
        if (r.mustChangePassword && !opts.allowHeld) throw new ForbiddenError(MSG.residentChangeTemporaryPassword);
        return r;
      };
      if (!tokenHash) return admit(undefined);
      const found = await cache.read(tokenHash, load);
      const r = admit(found?.value);
      if (!found?.cached) return r;
      // From memory: the request's first query confirms the token (or refuses it, as a fresh read would).
      const claimed = claimSession({
        check: residentSessionHolds(tokenHash, r.status),
        refusal: async () => {
          cache.forget(tokenHash);
          try {
            admit((await cache.read(tokenHash, load, { fresh: true }))?.value);
          } catch (err) {
            return err as Error;
          }
          return new ConflictError(MSG.sessionChanged);
        },
      });
      return claimed ? r : admit((await cache.read(tokenHash, load, { fresh: true }))?.value);
    },
    /**
     * The resident socket's handshake (realtime/socket.ts, `auth: {token}`): the approved resident
     * of `token`, its hash (the socket's session room) and its expiry (the socket closes then).
     * Read from the database, not the cache: a handshake is rare, and must not outlive a sign-out
     * or a block another instance has not told this one about yet.
     * @returns undefined for a missing, unknown or expired token, a resident not 'Approve'
     *   (Pending or blocked: a socket carries events about requests, which those cannot make) or
     *   one still on a temporary password (held: the app connects again once it is changed).
     */
    async socketSession(token: unknown): Promise<ResidentSocketSession | undefined> {
      if (typeof token !== 'string' || token === '' || token.length > 200) return undefined;
      const tokenHash = hashToken(token);
      const found = await repo.findSession(tokenHash, clock.now());
      if (!found || found.status !== 'Approve' || found.mustChangePassword) return undefined;
      const { expiresAt, ...resident } = found;
      return { resident, tokenHash, expiresAt };
    },
    /** Revokes the bearer token (a blocked resident may revoke theirs too). @throws 401 if it is not live. */
    async logout(authorization: string | undefined): Promise<void> {
      const tokenHash = sessionOf(authorization);
      if (!tokenHash || !(await repo.deleteSession(tokenHash, clock.now()))) throw new UnauthorizedError(NO_TOKEN);
      cache.forget(tokenHash);
      bus.emit('resident.session-ended', { tokenHash });
    },
    /**
     * PUT /api/resident/password: the resident sets a password of their own (it is no longer one
     * staff must have them change); every other token of theirs ends (their sockets close on every
     * instance), the one this request carries stays. Audited as 'change-password'. A guess at the
     * current password from `address` is counted like a sign-in of the resident's phone (the same
     * throttle and keys): a token holder cannot guess more than a sign-in could. A resident held
     * on a temporary password is let go at once: their cached tokens are dropped here and, through
     * 'resident.account-changed', on every other instance, so the kept token's next request is
     * read afresh and served.
     * @throws 400 MSG.currentPasswordWrong (field currentPassword), 400 MSG.passwordUnchanged
     *   (field newPassword) when the new one is the current one, 429 MSG.loginThrottled.
     */
    async changePassword(
      resident: ResidentContext,
      authorization: string | undefined,
      currentPassword: string,
      newPassword: string,
      address: string,
    ): Promise<void> {
      const kept = sessionOf(authorization);
      if (!kept) throw new UnauthorizedError(NO_TOKEN);
      const account = await repo.passwordOf(resident.id);
      if (!account) throw new BadRequestError(MSG.currentPasswordWrong, 'currentPassword');
      const attempt = await beginAttempt(throttle, address, account.phone);
      let ok: boolean;
      try {
        ok = await verifyPassword(account.passwordHash, currentPassword);
      } catch (err) {
        await abandoned(attempt);
        throw err;
      }
      if (!ok) throw new BadRequestError(MSG.currentPasswordWrong, 'currentPassword');
      await succeeded(attempt);
      if (newPassword === currentPassword) throw new BadRequestError(MSG.passwordUnchanged, 'newPassword');
      const ended = await repo.changePassword(resident, await hashPassword(newPassword), kept, clock.now());
      for (const tokenHash of ended) {
        cache.forget(tokenHash);
        bus.emit('resident.session-ended', { tokenHash });
      }
      if (resident.mustChangePassword) {
        // The kept token's cached entry still says held. A held resident has no socket to close.
        cache.forgetOwner(resident.id);
        bus.emit('resident.account-changed', { residentId: resident.id });
      }
    },
    /** Drops a token from this instance's cache: another instance signed it out. */
    forgetSession(tokenHash: string): void {
      cache.forget(tokenHash);
    },
    /** Drops a resident's tokens from this instance's cache: their status changed. */
    forgetResident(residentId: number): void {
      cache.forgetOwner(residentId);
    },
    /**
     * The signed-in resident's own profile (GET /api/resident/me): name, phone, address
     * (joined and in parts), age, designation, owner flag, family, society, status, resident id.
     * Never the password hash or the push token. @throws 404 if the account is gone.
     */
    async profile(resident: ResidentContext): Promise<ResidentProfile> {
      const row = await repo.profile(resident.societyId, resident.id);
      if (!row) throw new NotFoundError();
      return toResidentProfile(row);
    },
    /**
     * The signed-in resident's own society (GET /api/resident/society): name, time zone and the
     * emergency contacts its app lists offline, in order. @throws 404 if the society is gone.
     */
    async society(resident: ResidentContext): Promise<ResidentSociety> {
      const row = await repo.society(resident.societyId);
      if (!row) throw new NotFoundError();
      return row;
    },
  };
}
export type ResidentAuthService = ReturnType<typeof residentAuthService>;
