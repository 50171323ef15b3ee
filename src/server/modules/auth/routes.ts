import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZChangePasswordRequest,
  ZLoginAnswer,
  ZLoginRequest,
  ZLoginResponse,
  ZOwnSessions,
  ZRecoveryCodes,
  ZTwoFactorConfirm,
  ZTwoFactorEnrolment,
  ZTwoFactorLogin,
  ZTwoFactorOff,
  ZTwoFactorStatus,
  type LoginResponse,
} from '../../../shared/contracts/auth.js';
import { ZErrorBody } from '../../../shared/contracts/common.js';
import { SESSION_COOKIE, staffGuard, staffOf } from '../../plugins/auth.js';
import { toCurrentUser, type AuthService, type SignedIn } from './service.js';
import type { TwoFactorService } from './two-factor-service.js';
import { routeDocs } from '../../lib/route-docs.js';
import { refusePlainHttpSignIn, secureCookies } from '../../lib/plain-http.js';
import type { Config } from '../../config.js';

const docs = routeDocs('staff auth');

/** Where a sign-in comes from: the client's address and browser (kept with the session, audited). */
function originOf(req: FastifyRequest) {
  return { address: req.ip, userAgent: (req.headers['user-agent'] ?? '').slice(0, 300) };
}

/**
 * Staff sign-in (with its two-factor step), sign-out, "who am I" and the member's own account:
 * password, two-factor sign-in, sessions (spec section 7 POST /api/society/login).
 */
export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  twoFactor: TwoFactorService;
  config: Pick<Config, 'NODE_ENV' | 'TRUST_PROXY' | 'ALLOW_INSECURE_HTTP'>;
}> = async (app, { auth, twoFactor, config }) => {
  const secureCookie = secureCookies(config);
  // A Secure cookie sent over http is dropped by the browser: refuse with a message that says why.
  const httpsOnly = refusePlainHttpSignIn(config);
  const ownAccount = staffGuard(auth, undefined, { ownAccount: true });
  /** Sets the session cookie of a completed sign-in and answers what the sign-in answers. */
  const signedIn = (reply: FastifyReply, s: SignedIn): LoginResponse => {
    reply.setCookie(SESSION_COOKIE, s.token, { path: '/', httpOnly: true, sameSite: 'strict', secure: secureCookie, expires: s.expiresAt });
    return { user: s.user, logoUrl: s.logoUrl, timeZone: s.timeZone, mustChangePassword: s.mustChangePassword, mustEnrolTwoFactor: s.mustEnrolTwoFactor };
  };

  // Sign-in and sign-out set and clear the session cookie: same-origin pages only (lib/request-origin.ts).
  app.post('/api/society/login', {
    config: { sameOriginWrites: true },
    onRequest: httpsOnly,
    schema: docs(
      'Staff sign-in; sets the httpOnly session cookie, or (two-factor on) answers a challenge for POST /api/society/login/2fa',
      { body: ZLoginRequest },
      { 200: ZLoginAnswer, 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody },
    ),
    handler: async (req, reply) => {
      const result = await auth.login(req.body.email, req.body.password, originOf(req));
      if ('challenge' in result) return { twoFactorRequired: true as const, challenge: result.challenge };
      return signedIn(reply, result.signedIn);
    },
  });

  app.post('/api/society/login/2fa', {
    config: { sameOriginWrites: true },
    onRequest: httpsOnly,
    schema: docs(
      'Completes a two-factor sign-in with a code of the authenticator app or a recovery code (each works once); sets the session cookie',
      { body: ZTwoFactorLogin },
      { 200: ZLoginResponse, 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody },
    ),
    handler: async (req, reply) => signedIn(reply, await auth.completeTwoFactor(req.body.challenge, req.body.code, req.ip)),
  });

  app.post('/api/society/logout', {
    config: { sameOriginWrites: true },
    schema: docs('Ends the session on the server', {}, { 204: z.null() }),
    handler: async (req, reply) => {
      await auth.logout(req.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
  });

  app.get('/api/society/me', {
    onRequest: ownAccount,
    schema: docs("The signed-in staff member, the society's logo URL (null: none) and its time zone", {}, { 200: ZLoginResponse, 401: ZErrorBody }),
    handler: async (req) => {
      const staff = staffOf(req);
      return {
        user: toCurrentUser(staff),
        ...(await auth.societyLook(staff.societyId)),
        mustChangePassword: staff.mustChangePassword,
        mustEnrolTwoFactor: staff.mustEnrolTwoFactor,
      };
    },
  });

  app.put('/api/society/me/password', {
    config: { sameOriginWrites: true },
    onRequest: ownAccount,
    schema: docs(
      'Change your own password (at least 10 characters, not common or guessable); every other session of yours ends',
      { body: ZChangePasswordRequest },
      { 204: z.null(), 400: ZErrorBody, 401: ZErrorBody },
    ),
    handler: async (req, reply) => {
      await auth.changePassword(staffOf(req), req.cookies[SESSION_COOKIE]!, req.body.currentPassword, req.body.newPassword, req.ip);
      return reply.code(204).send(null);
    },
  });

  app.get('/api/society/me/sessions', {
    onRequest: ownAccount,
    schema: docs('Your live sessions, newest first: when and where each signed in; `current` is this one', {}, { 200: ZOwnSessions }),
    handler: async (req) => ({ items: await auth.ownSessions(staffOf(req), req.cookies[SESSION_COOKIE]!) }),
  });

  app.delete('/api/society/me/sessions', {
    config: { sameOriginWrites: true },
    onRequest: ownAccount,
    schema: docs('Sign out your other sessions (this one stays)', {}, { 200: z.object({ ended: z.number().int() }) }),
    handler: async (req) => ({ ended: await auth.endOtherSessions(staffOf(req), req.cookies[SESSION_COOKIE]!) }),
  });

  app.get('/api/society/me/2fa', {
    onRequest: ownAccount,
    schema: docs('Whether your two-factor sign-in is on, and whether your society requires it of you', {}, { 200: ZTwoFactorStatus }),
    handler: (req) => twoFactor.status(staffOf(req)),
  });

  app.post('/api/society/me/2fa', {
    config: { sameOriginWrites: true },
    onRequest: ownAccount,
    schema: docs(
      'Start two-factor sign-in: a new secret for an authenticator app, as an otpauth link and a QR code; confirm it with a code',
      {},
      { 200: ZTwoFactorEnrolment, 409: ZErrorBody },
    ),
    handler: (req) => twoFactor.enrol(staffOf(req)),
  });

  app.post('/api/society/me/2fa/confirm', {
    config: { sameOriginWrites: true },
    onRequest: ownAccount,
    schema: docs(
      'Turn two-factor sign-in on with a code of the new secret; answers ten recovery codes, shown once. Wrong codes are counted like wrong sign-in passwords of your email (429)',
      { body: ZTwoFactorConfirm },
      { 200: ZRecoveryCodes, 400: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody },
    ),
    handler: (req) => twoFactor.confirm(staffOf(req), req.cookies[SESSION_COOKIE]!, req.body.code, req.ip),
  });

  app.delete('/api/society/me/2fa', {
    config: { sameOriginWrites: true },
    onRequest: ownAccount,
    schema: docs(
      'Turn two-factor sign-in off (asks for your password); refused while your society requires it of super-admins',
      { body: ZTwoFactorOff },
      { 204: z.null() },
    ),
    handler: async (req, reply) => {
      await twoFactor.turnOff(staffOf(req), req.body.currentPassword, req.ip);
      return reply.code(204).send(null);
    },
  });
};
