import type { ResidentLoginResponse } from '../../../shared/contracts/auth.js';
import { MSG } from '../../../shared/messages.js';
import type { Clock } from '../../lib/clock.js';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { verifyPassword } from '../../lib/password.js';
import type { ResidentAuthRepo, ResidentContext } from './repo.js';

export type { ResidentContext } from './repo.js';

export interface ResidentAuthDeps {
  repo: ResidentAuthRepo;
  clock: Clock;
  /** Bearer token lifetime in milliseconds (RESIDENT_TOKEN_TTL_DAYS). */
  tokenTtlMs: number;
}

const bearer = (authorization: string | undefined) => /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
const NO_TOKEN = 'Sign in to the resident app first.';

/**
 * Resident sign-in for the mobile app: phone + password → bearer token (RESIDENT_TOKEN_TTL_DAYS).
 * An unknown phone (or one without a password) is checked against a dummy hash, so the answer's
 * timing does not tell which phones exist. Only residents whose status is 'Approve' get a token;
 * 'Block' → 403, and a blocked resident's existing tokens stop working at once (authenticate
 * re-reads the status).
 */
export function residentAuthService({ repo, clock, tokenTtlMs }: ResidentAuthDeps) {
  return {
    /** @throws 401 MSG.residentLoginFailed for an unknown phone or wrong password, 403 if blocked. */
    async login(phone: string, password: string): Promise<ResidentLoginResponse> {
      const r = await repo.findByPhone(phone);
      const ok = await verifyPassword(r?.passwordHash, password);
      if (!r || !ok) throw new UnauthorizedError(MSG.residentLoginFailed);
      if (r.status !== 'Approve') throw new ForbiddenError(MSG.residentBlocked);
      const { token, hash } = newToken();
      await repo.createSession(hash, r.id, new Date(clock.now().getTime() + tokenTtlMs));
      return { token, resident: { residentId: r.residentCode, name: r.name, societyName: r.societyName } };
    },
    /** @throws 401 for a missing or unknown token, 403 for a blocked resident. */
    async authenticate(authorization: string | undefined): Promise<ResidentContext> {
      const token = bearer(authorization);
      const r = token ? await repo.findSession(hashToken(token), clock.now()) : undefined;
      if (!r) throw new UnauthorizedError(NO_TOKEN);
      if (r.status !== 'Approve') throw new ForbiddenError(MSG.residentBlocked);
      return r;
    },
    /** Revokes the bearer token (a blocked resident may revoke theirs too). @throws 401 if it is not live. */
    async logout(authorization: string | undefined): Promise<void> {
      const token = bearer(authorization);
      if (!token || !(await repo.deleteSession(hashToken(token), clock.now()))) throw new UnauthorizedError(NO_TOKEN);
    },
  };
}
export type ResidentAuthService = ReturnType<typeof residentAuthService>;
