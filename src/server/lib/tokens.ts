import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token (256 random bits, base64url) and the SHA-256 hex stored for it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** SHA-256 hex of a token; only hashes are stored, so a database leak yields no usable session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
