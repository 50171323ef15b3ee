import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody } from '../../../shared/contracts/common.js';
import { ZLogo, ZSetLogo } from '../../../shared/contracts/content.js';
import { residentOf, residentScope, staffOf, staffScope } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { ResidentAuthService } from '../resident-auth/service.js';
import type { LogoService } from './service.js';

interface Opts {
  auth: AuthService;
  residentAuth: ResidentAuthService;
  logo: LogoService;
}

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/**
 * The society's logo (spec section 2 "Logo"): /Logo (cookie, module 'logo') and the
 * resident API (bearer). Staff read the logo's URL with `GET /api/society/me` (`logoUrl`).
 */
export const logoRoutes: FastifyPluginAsyncZod<Opts> = async (root, { auth, residentAuth, logo }) => {
  await root.register(staffScope(auth, 'logo', (app) => {
    app.put('/api/logo', {
      schema: {
        tags: ['logo'],
        summary: "Set the society's logo to an uploaded image of this society; every staff screen of the society is told at once (socket event 'society:logo')",
        body: ZSetLogo,
        response: { 200: ZLogo, ...errors },
      },
      handler: (req) => logo.set(staffOf(req), req.body.mediaId),
    });
  }));

  await root.register(residentScope(residentAuth, (app) => {
    app.get('/api/resident/logo', {
      schema: {
        tags: ['resident'],
        summary: "The society's logo (display and thumbnail URLs), or null when none is set",
        security: [{ resident: [] }],
        response: { 200: ZLogo, ...errors },
      },
      handler: (req) => logo.get(residentOf(req)),
    });
  }));
};
