import type { BaseDeps, ServerModule } from '../../lib/server-module.js';
import { residentAuthRepo } from './repo.js';
import { residentAuthRoutes } from './routes.js';
import { residentAuthService, type ResidentAuthService } from './service.js';

/**
 * The resident token guards, built by app.ts as app plugins: `residentAuth` on the main lane for
 * every resident route, `alarmResidentAuth` on the alarm lane for the SOS press, so an alarm never
 * queues behind the main lane's slow queries (Database.alarmDb).
 */
export function residentGuards({ db, database, clock, config }: BaseDeps): { residentAuth: ResidentAuthService; alarmResidentAuth: ResidentAuthService } {
  const tokenTtlMs = config.RESIDENT_TOKEN_TTL_DAYS * 86_400_000;
  return {
    residentAuth: residentAuthService({ repo: residentAuthRepo(db), clock, tokenTtlMs }),
    alarmResidentAuth: residentAuthService({ repo: residentAuthRepo(database.alarmDb), clock, tokenTtlMs }),
  };
}

/** Resident registration, sign-in and sign-out (the resident app's bearer token). */
export const residentAuthModule: ServerModule = {
  name: 'resident-auth',
  build: ({ residentAuth }) => ({
    routes: (app) => app.register(residentAuthRoutes, { residentAuth }),
  }),
};
