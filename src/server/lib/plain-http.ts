/**
 * Staff sign-in over plain http in production. The session cookie is `Secure` there, and a
 * browser drops a Secure cookie that arrives over http: the sign-in "succeeds" and the next
 * request is signed out, so the member loops back to Login. The start log says so once
 * ({@link plainHttpWarning}), and a sign-in that came over http is refused with a message that
 * says what to do ({@link refusePlainHttpSignIn}) instead of issuing a cookie the browser drops.
 * ALLOW_INSECURE_HTTP (a closed LAN) sends the cookie without Secure instead.
 */
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages.js';
import type { Config } from '../config.js';
import { ForbiddenError } from './errors.js';

type HttpConfig = Pick<Config, 'NODE_ENV' | 'TRUST_PROXY' | 'ALLOW_INSECURE_HTTP'>;

/** Whether the session cookie is sent with `Secure`: in production, unless ALLOW_INSECURE_HTTP. */
export function secureCookies(config: HttpConfig): boolean {
  return config.NODE_ENV === 'production' && !config.ALLOW_INSECURE_HTTP;
}

/**
 * The one start-log line about plain http, or undefined when there is nothing to say (not
 * production, or production behind a trusted proxy that terminates TLS). Production with no
 * TRUST_PROXY means the server faces browsers itself, over http (it has no TLS of its own).
 */
export function plainHttpWarning(config: HttpConfig): string | undefined {
  if (config.NODE_ENV !== 'production') return undefined;
  if (config.ALLOW_INSECURE_HTTP) {
    return 'ALLOW_INSECURE_HTTP is on: staff session cookies travel without Secure over plain http, so anyone on this network can read one and act as that member. Use it on a closed LAN only; put TLS in front otherwise (docs/deploy.md).';
  }
  if (config.TRUST_PROXY === false) {
    return 'Production without TLS in front: browsers drop the Secure session cookie over http, so nobody can sign in. Put an HTTPS proxy in front and set TRUST_PROXY to its address (docs/deploy.md), or on a closed LAN set ALLOW_INSECURE_HTTP=1.';
  }
  return undefined;
}

/**
 * onRequest hook of the staff sign-in routes: 403 MSG.httpsRequired (field `protocol`) when the
 * cookie would be Secure and the request came over http. `req.protocol` is the socket's, or the
 * X-Forwarded-Proto of a proxy TRUST_PROXY trusts (Fastify ignores the header from anyone else).
 */
export function refusePlainHttpSignIn(config: HttpConfig) {
  const secure = secureCookies(config);
  return async (req: FastifyRequest): Promise<void> => {
    if (secure && req.protocol !== 'https') throw new ForbiddenError(MSG.httpsRequired, 'protocol');
  };
}
