import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZChangePasswordRequest, ZLoginRequest, ZLoginResponse } from '../../../shared/contracts/auth.js';
import { ZErrorBody } from '../../../shared/contracts/common.js';
import { SESSION_COOKIE, staffGuard, staffOf } from '../../plugins/auth.js';
import { toCurrentUser, type AuthService } from './service.js';
import { routeDocs } from '../../lib/route-docs.js';

const docs = routeDocs('staff auth');

/** Staff sign-in, sign-out and "who am I" (spec section 7 POST /api/society/login). */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; secureCookie: boolean }> = async (app, { auth, secureCookie }) => {
  // Sign-in and sign-out set and clear the session cookie: same-origin pages only (lib/request-origin.ts).
  app.post('/api/society/login', {
    config: { sameOriginWrites: true },
    schema: docs(
      'Staff sign-in; sets the httpOnly session cookie',
      { body: ZLoginRequest },
      { 200: ZLoginResponse, 400: ZErrorBody, 401: ZErrorBody, 429: ZErrorBody },
    ),
    handler: async (req, reply) => {
      const { token, user, expiresAt, logoUrl, mustChangePassword } = await auth.login(req.body.email, req.body.password, req.ip);
      reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', secure: secureCookie, expires: expiresAt });
      return { user, logoUrl, mustChangePassword };
    },
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

  app.put('/api/society/me/password', {
    config: { sameOriginWrites: true },
    onRequest: staffGuard(auth, undefined, { temporaryPassword: true }),
    schema: docs(
      'Change your own password (at least 10 characters, not common or guessable); every other session of yours ends',
      { body: ZChangePasswordRequest },
      { 204: z.null(), 400: ZErrorBody, 401: ZErrorBody },
    ),
    handler: async (req, reply) => {
      await auth.changePassword(staffOf(req), req.cookies[SESSION_COOKIE]!, req.body.currentPassword, req.body.newPassword);
      return reply.code(204).send(null);
    },
  });

  app.get('/api/society/me', {
    onRequest: staffGuard(auth, undefined, { temporaryPassword: true }),
    schema: docs("The signed-in staff member and the society's logo URL (null: none)", {}, { 200: ZLoginResponse, 401: ZErrorBody }),
    handler: async (req) => {
      const staff = staffOf(req);
      return { user: toCurrentUser(staff), logoUrl: await auth.logoUrl(staff.societyId), mustChangePassword: staff.mustChangePassword };
    },
  });
};
