import type { BaseDeps, ServerModule } from '../../lib/server-module.js';
import { residentAuthRepo } from './repo.js';
import { residentAuthRoutes } from './routes.js';
import { residentAuthService, residentSessionCache, type ResidentAuthService } from './service.js';

/**
 * The resident token guards, built by app.ts as app plugins: `residentAuth` on the main lane for
 * every resident route, `alarmResidentAuth` on the alarm lane for the SOS press, so an alarm never
 * queues behind the main lane's slow queries (Database.alarmDb). Both serve tokens read lately
 * from one cache (SESSION_CACHE_MS). Wrong passwords count in the resident sign-in throttle
 * (`throttles.resident`), where every instance sees them.
 */
export function residentGuards({ db, database, clock, bus, config, throttles }: BaseDeps): {
  residentAuth: ResidentAuthService;
  alarmResidentAuth: ResidentAuthService;
} {
  const throttle = throttles.resident;
  const tokenTtlMs = config.RESIDENT_TOKEN_TTL_DAYS * 86_400_000;
  // One cache for both lanes: a sign-out or a block through either drops the token from both.
  const cache = residentSessionCache(config.SESSION_CACHE_MS, clock);
  // A status change here (residents' Approve, Block); other instances hear it through realtime/socket.ts.
  bus.on('resident.account-changed', (e) => cache.forgetOwner(e.residentId));
  return {
    residentAuth: residentAuthService({ repo: residentAuthRepo(db), clock, bus, tokenTtlMs, cache, throttle }),
    alarmResidentAuth: residentAuthService({ repo: residentAuthRepo(database.alarmDb), clock, bus, tokenTtlMs, cache, throttle }),
  };
}

/** Resident registration, sign-in and sign-out (the resident app's bearer token). */
export const residentAuthModule: ServerModule = {
  name: 'resident-auth',
  build: ({ residentAuth, limits }) => ({
    routes: (app) => app.register(residentAuthRoutes, { residentAuth, limits }),
  }),
};
