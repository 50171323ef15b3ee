import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZResidentLoginRequest, ZResidentLoginResponse } from '../../../shared/contracts/auth.js';
import { ZErrorBody } from '../../../shared/contracts/common.js';
import { ZResidentProfile } from '../../../shared/contracts/resident.js';
import { ZPushToken, ZRegisterResident, ZRegisterResponse } from '../../../shared/contracts/residents-admin.js';
import { residentAccountScope, residentOf } from '../../plugins/auth.js';
import type { ResidentAuthService } from './service.js';
import { residentDocs, routeDocs } from '../../lib/route-docs.js';

/** Sign-in, self-registration and sign-up share one limit per address and minute. */
const PUBLIC_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

const docs = routeDocs('resident');

/**
 * Resident API account routes for the mobile app and the simulator: registration, sign-in and
 * sign-out, the resident's own profile and push token. A Pending resident (registered, not yet
 * approved) may use these; every service route answers them 403 (plugins/auth.ts).
 */
export const residentAuthRoutes: FastifyPluginAsyncZod<{ residentAuth: ResidentAuthService }> = async (app, { residentAuth }) => {
  app.post('/api/resident/register', {
    config: { rateLimit: PUBLIC_RATE_LIMIT },
    schema: docs(
      "A resident registers (public, rate-limited): 201 with a generated residentID and status 'Pending' until staff approve on /Status; 400 naming the field (societyName: no such society), 409 phone already registered",
      { body: ZRegisterResident },
      { 201: ZRegisterResponse, 400: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody },
    ),
    handler: async (req, reply) => reply.code(201).send(await residentAuth.register(req.body)),
  });

  app.post('/api/resident/login', {
    config: { rateLimit: PUBLIC_RATE_LIMIT },
    schema: docs(
      'Resident sign-in by phone; returns a bearer token (status Approve or Pending; Block → 403)',
      { body: ZResidentLoginRequest },
      { 200: ZResidentLoginResponse, 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody },
    ),
    handler: (req) => residentAuth.login(req.body.phone, req.body.password),
  });

  app.post('/api/resident/logout', {
    schema: residentDocs('Revokes the bearer token it is sent with (204); the token then gets 401', {}, { 204: z.null(), 401: ZErrorBody }),
    handler: async (req, reply) => {
      await residentAuth.logout(req.headers.authorization);
      return reply.code(204).send(null);
    },
  });

  await residentAccountScope(app, residentAuth, (scoped) => {
    scoped.get('/api/resident/me', {
      schema: residentDocs(
        "The signed-in resident's own profile (what the app shows and copies into a request); never the password hash or push token",
        {},
        { 200: ZResidentProfile, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
      ),
      handler: (req) => residentAuth.profile(residentOf(req)),
    });

    scoped.put('/api/resident/push-token', {
      schema: residentDocs(
        "Stores the device's push token (1–4096 characters) for the resident's pushes; 204",
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
