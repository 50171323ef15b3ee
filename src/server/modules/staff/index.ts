import type { ServerModule } from '../../lib/server-module.js';
import { staffAdminService } from './admin-service.js';
import { staffAdminRoutes } from './routes.js';

/**
 * Staff accounts: /Staff for a society's super-admin (admin-service.ts). The operator's commands
 * (operator/, `npm run admin`) use this module's `staffAccountsService` across societies.
 */
export const staffModule: ServerModule = {
  name: 'staff',
  build: ({ db, clock, auth, config }) => {
    const staffAdmin = staffAdminService({ db, clock, auth, temporaryPasswordHours: config.TEMP_PASSWORD_HOURS });
    return { routes: (app) => app.register(staffAdminRoutes, { auth, staffAdmin }) };
  },
};
