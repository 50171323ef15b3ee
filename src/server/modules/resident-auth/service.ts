import { verify } from '@node-rs/argon2';
import type { ResidentLoginResponse } from '../../../shared/contracts/auth.js';
import { MSG } from '../../../shared/messages.js';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { ResidentAuthRepo, ResidentContext } from './repo.js';

const TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

/**
 * Resident sign-in for the mobile app: phone + password → bearer token (30 days).
 * Only residents whose status is 'Approve' get a token; 'Block' → 403, and a blocked resident's
 * existing tokens stop working at once (authenticate re-reads the status).
 */
export function residentAuthService(repo: ResidentAuthRepo) {
  return {
    async login(phone: string, password: string): Promise<ResidentLoginResponse> {
      const r = await repo.findByPhone(phone);
      const ok = r?.passwordHash ? await verify(r.passwordHash, password).catch(() => false) : false;
      if (!r || !ok) throw new UnauthorizedError(MSG.residentLoginFailed);
      if (r.status !== 'Approve') throw new ForbiddenError(MSG.residentBlocked);
      const { token, hash } = newToken();
      await repo.createSession(hash, r.id, new Date(Date.now() + TOKEN_TTL_MS));
      return { token, resident: { residentId: r.residentCode, name: r.name, societyName: r.societyName } };
    },
    /** @throws 401 for a missing or unknown token, 403 for a blocked resident. */
    async authenticate(authorization: string | undefined): Promise<ResidentContext> {
      const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
      const r = token ? await repo.findSession(hashToken(token)) : undefined;
      if (!r) throw new UnauthorizedError('Sign in to the resident app first.');
      if (r.status !== 'Approve') throw new ForbiddenError(MSG.residentBlocked);
      return r;
    },
  };
}
export type ResidentAuthService = ReturnType<typeof residentAuthService>;
