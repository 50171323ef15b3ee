/**
 * Where a browser request comes from, checked the same way for the live socket's handshake
 * (realtime/socket.ts) and for the state-changing staff routes (cross-site request forgery,
 * defence in depth beside the SameSite=Strict session cookie, which does not cover a sibling
 * subdomain or another port of the same host).
 *
 * A request's own origin is the `Host` it was sent to (host and port, http or https), so the app
 * needs no setting to know itself, behind a proxy that passes `Host` through as well as in
 * `npm run dev` (the Vite proxy keeps the browser's `Host`). ALLOWED_ORIGINS adds others.
 */
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages.js';
import { ForbiddenError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route authenticates with the staff session cookie (or sets it): its POST, PUT, PATCH
     * and DELETE requests must come from the app's own pages ({@link sameOriginWrites}).
     */
    sameOriginWrites?: boolean;
  }
}

/**
 * True when a browser page at `origin` may act on this app: no Origin header (not a browser), the
 * app's own origin (same host and port as the request's `Host`, http or https), or one listed in
 * `allowed` (ALLOWED_ORIGINS, normalised origins). The opaque origin "null" and any scheme but
 * http(s) are refused.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false; // includes the opaque origin "null"
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.host === host?.toLowerCase() || allowed.has(url.origin);
}

/**
 * True when a state-changing request may be from the app's own pages:
 * - with `Origin`: {@link originAllowed} decides (a matching Origin wins over Sec-Fetch-Site);
 * - without it, with `Sec-Fetch-Site`: only `same-origin` and `none` (typed or bookmarked by the
 *   user); `same-site` (a sibling subdomain or another port) and `cross-site` are refused;
 * - with neither: not a browser (scripts, the mobile app, tests), so there is no cookie to ride.
 */
export function fromOwnPages(headers: FastifyRequest['headers'], allowed: ReadonlySet<string>): boolean {
  const { origin, host } = headers;
  if (origin !== undefined) return originAllowed(origin, host, allowed);
  const site = headers['sec-fetch-site'];
  if (site === undefined) return true;
  return site === 'same-origin' || site === 'none';
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * onRequest hook (registered once in app.ts, before every other check of a route): a POST, PUT,
 * PATCH or DELETE to a route whose config has `sameOriginWrites` (every route inside
 * `staffScope`, and staff sign-in and sign-out) that {@link fromOwnPages} refuses → 403
 * MSG.crossSiteRequest, before the session is read or the body used. Multipart and bodiless
 * routes included. Reads (GET, HEAD) are not checked: they change nothing.
 * @param allowedOrigins ALLOWED_ORIGINS.
 */
export function sameOriginWrites(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return async (req: FastifyRequest): Promise<void> => {
    if (!WRITES.has(req.method) || req.routeOptions.config?.sameOriginWrites !== true) return;
    if (!fromOwnPages(req.headers, allowed)) throw new ForbiddenError(MSG.crossSiteRequest);
  };
}
