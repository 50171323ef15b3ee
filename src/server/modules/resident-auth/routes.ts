import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZResidentLoginRequest, ZResidentLoginResponse } from '../../../shared/contracts/auth.js';
import { ZErrorBody } from '../../../shared/contracts/common.js';
import { ZResidentPasswordChange, ZResidentProfile, ZResidentSociety } from '../../../shared/contracts/resident.js';
import {
  SOCIETY_NAMES_PAGE_SIZE,
  ZPushToken,
  ZRegisterResident,
  ZRegisterResponse,
  ZSocietyNameList,
  ZSocietyNamesQuery,
} from '../../../shared/contracts/residents-admin.js';
import { residentAccountScope, residentOf, residentOwnAccountScope } from '../../plugins/auth.js';
import type { ResidentAuthService } from './service.js';
import { residentDocs, routeDocs } from '../../lib/route-docs.js';
import type { AppLimits } from '../../lib/rate-limit/app-limits.js';

const docs = routeDocs('resident');

/**
 * Resident API account routes for the mobile app and the simulator: registration, sign-in and
 * sign-out, the resident's own profile and push token. A Pending resident (registered, not yet
 * approved) may use these; every service route answers them 403 (plugins/auth.ts). A resident on a
 * staff reset's temporary password may read the profile and the society, change the password and
 * sign out, nothing else: not even store a push token, as whoever was handed that password would
 * then receive the resident's pushes on their own phone.
 */
export const residentAuthRoutes: FastifyPluginAsyncZod<{
  residentAuth: ResidentAuthService;
  limits: Pick<AppLimits, 'residentRequests' | 'societyPicker'>;
}> = async (app, { residentAuth, limits }) => {
  // Sign-in, self-registration and a password change share one limit per address and minute
  // (RESIDENT_SIGNIN_PER_MINUTE), counted in the app's shared store before the body is read, so a
  // flood of bad bodies counts too. Wrong passwords are counted per phone by the service.
  const perAddress = async (req: FastifyRequest) => limits.residentRequests.take(req.ip);
  app.post('/api/resident/register', {
    onRequest: perAddress,
    schema: docs(
      "A resident registers (public, rate-limited): 201 with a generated residentID and status 'Pending' until staff approve on /Status; 400 naming the field (societyName: no such society), 409 phone already registered",
      { body: ZRegisterResident },
      { 201: ZRegisterResponse, 400: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody },
    ),
    handler: async (req, reply) => reply.code(201).send(await residentAuth.register(req.body)),
  });

  app.post('/api/resident/login', {
    onRequest: perAddress,
    schema: docs(
      'Resident sign-in by phone; returns a bearer token (status Approve or Pending; Block → 403). 429 once too many wrong passwords for the phone (from this address, or from any), or too many requests from this address',
      { body: ZResidentLoginRequest },
      { 200: ZResidentLoginResponse, 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody },
    ),
    handler: (req) => residentAuth.login(req.body.phone, req.body.password, req.ip),
  });

  app.get('/api/societies', {
    // A search as the resident types (the app waits for a pause) stays well under it; listing names in bulk does not.
    onRequest: async (req) => limits.societyPicker.take(req.ip),
    schema: docs(
      `Society names for the registration screen's picker (public, rate-limited): A to Z, ${SOCIETY_NAMES_PAGE_SIZE} a page (?page=), ?q= (or ?search=) a part of the name, case-insensitive; names only`,
      { querystring: ZSocietyNamesQuery },
      { 200: ZSocietyNameList, 400: ZErrorBody, 429: ZErrorBody },
    ),
    handler: (req) => residentAuth.societyNames(req.query),
  });

  app.post('/api/resident/logout', {
    schema: residentDocs('Revokes the bearer token it is sent with (204); the token then gets 401', {}, { 204: z.null(), 401: ZErrorBody }),
    handler: async (req, reply) => {
      await residentAuth.logout(req.headers.authorization);
      return reply.code(204).send(null);
    },
  });

  await residentOwnAccountScope(app, residentAuth, (scoped) => {
    scoped.get('/api/resident/me', {
      schema: residentDocs(
        "The signed-in resident's own profile (what the app shows and copies into a request); never the password hash or push token. Answered on a temporary password too (`mustChangePassword` true), as are the society read, the password change and sign-out; every other resident route answers 403 then",
        {},
        { 200: ZResidentProfile, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
      ),
      handler: (req) => residentAuth.profile(residentOf(req)),
    });

    scoped.get('/api/resident/society', {
      schema: residentDocs(
        "The signed-in resident's own society: name, time zone and its emergency contacts ({label, phone}, in order, 0–8), which the app keeps for its offline screen. A Pending resident may read it too",
        {},
        { 200: ZResidentSociety, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
      ),
      handler: (req) => residentAuth.society(residentOf(req)),
    });

    scoped.put('/api/resident/password', {
      onRequest: perAddress,
      schema: residentDocs(
        "Change the resident's own password (the registration's rules: 8–200 characters); 204. Every other token of theirs is revoked, this one stays; a staff reset's must-change mark is cleared. 400 naming currentPassword when it is wrong; wrong ones are counted like wrong sign-in passwords of the phone (429)",
        { body: ZResidentPasswordChange },
        { 204: z.null(), 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody },
      ),
      handler: async (req, reply) => {
        await residentAuth.changePassword(residentOf(req), req.headers.authorization, req.body.currentPassword, req.body.newPassword, req.ip);
        return reply.code(204).send(null);
      },
    });
  });

  await residentAccountScope(app, residentAuth, (scoped) => {
    scoped.put('/api/resident/push-token', {
      schema: residentDocs(
        "Stores the device's push token (1–4096 characters) for the resident's pushes; 204 (403 on a temporary password)",
        { body: ZPushToken },
        { 204: z.null(), 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
      ),
      handler: async (req, reply) => {
        await residentAuth.setPushToken(residentOf(req), req.body.token);
        return reply.code(204).send(null);
      },
    });
  });
};
