import type { BaseDeps, ServerModule } from '../../lib/server-module.js';
import { authRepo } from './repo.js';
import { authRoutes } from './routes.js';
import { twoFactorService } from './two-factor-service.js';
import { authService, type AuthService } from './service.js';
import type { SignInThrottle } from '../../lib/sign-in-throttle/login-throttle.js';

/**
 * The staff session service, built by app.ts as an app plugin (every staff guard and the socket's
 * handshake use it). `throttle` counts sign-in failures where every instance sees them.
 */
export function staffAuth({ db, config, clock, bus }: BaseDeps, throttle: SignInThrottle): AuthService {
  return authService({ repo: authRepo(db), throttle, sessionTtlMs: config.SESSION_TTL_HOURS * 3600_000, clock, bus, sessionCacheMs: config.SESSION_CACHE_MS });
}

/**
 * Staff sign-in and sign-out (the session cookie is Secure in production unless
 * ALLOW_INSECURE_HTTP; a sign-in over plain http is then refused: lib/plain-http.ts), and each
 * member's own account.
 */
export const authModule: ServerModule = {
  name: 'auth',
  build: ({ auth, config, db, clock, throttles }) => {
    const twoFactor = twoFactorService({ repo: authRepo(db), clock, auth, throttle: throttles.staff });
    return { routes: (app) => app.register(authRoutes, { auth, twoFactor, config }) };
  },
};
