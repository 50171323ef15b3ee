import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZResidentLoginRequest, ZResidentLoginResponse } from '../../../shared/contracts/auth.js';
import { ZErrorBody } from '../../../shared/contracts/common.js';
import type { ResidentAuthService } from './service.js';

/** Resident API sign-in and sign-out for the mobile app and the simulator. */
export const residentAuthRoutes: FastifyPluginAsyncZod<{ residentAuth: ResidentAuthService }> = async (app, { residentAuth }) => {
  app.post('/api/resident/login', {
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags: ['resident'],
      summary: 'Resident sign-in by phone; returns a bearer token (status Approve only)',
      body: ZResidentLoginRequest,
      response: { 200: ZResidentLoginResponse, 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody },
    },
    handler: (req) => residentAuth.login(req.body.phone, req.body.password),
  });

  app.post('/api/resident/logout', {
    schema: {
      tags: ['resident'],
      summary: 'Revokes the bearer token it is sent with (204); the token then gets 401',
      security: [{ resident: [] }],
      response: { 204: z.null(), 401: ZErrorBody },
    },
    handler: async (req, reply) => {
      await residentAuth.logout(req.headers.authorization);
      return reply.code(204).send(null);
    },
  });
};
