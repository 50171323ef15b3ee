import { ZLogo, ZSetLogo } from '../../../shared/contracts/content.js';
import { residentOf, residentScope, staffOf, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import type { LogoService } from './service.js';
import { residentDocs, routeDocs } from '../../lib/route-docs.js';

const docs = routeDocs('logo');

/**
 * The society's logo (spec section 2 "Logo"): /Logo (cookie, module 'logo') and the
 * resident API (bearer). Staff read the logo's URL with `GET /api/society/me` (`logoUrl`).
 */
export const logoRoutes: ModuleRoutes<{ logo: LogoService }> = async (root, { auth, residentAuth, logo }) => {
  await staffScope(root, auth, 'logo', (app) => {
    app.put('/api/logo', {
      schema: docs(
        "Set the society's logo to an uploaded image of this society; every staff screen of the society is told at once (socket event 'society:logo')",
        { body: ZSetLogo },
        { 200: ZLogo },
      ),
      handler: (req) => logo.set(staffOf(req), req.body.mediaId),
    });
  });

  await residentScope(root, residentAuth, (app) => {
    app.get('/api/resident/logo', {
      schema: residentDocs("The society's logo (display and thumbnail URLs), or null when none is set", {}, { 200: ZLogo }),
      handler: (req) => logo.get(residentOf(req)),
    });
  });
};
