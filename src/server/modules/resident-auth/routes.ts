import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZResidentLoginRequest, ZResidentLoginResponse } from '../../../shared/contracts/auth.js';
import { ZErrorBody } from '../../../shared/contracts/common.js';
import type { ResidentAuthService } from './service.js';

/** Resident API sign-in for the mobile app and the simulator. */
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
};
