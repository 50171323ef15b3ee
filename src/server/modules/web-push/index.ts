import type { ServerModule } from '../../lib/server-module.js';
import { webPushRoutes } from './routes.js';
import { webPushService } from './service.js';

/**
 * Web Push for the resident app (docs/spec-deviations.md row 92): the VAPID key and the residents' browser
 * subscriptions. The outbox delivers to them (`modules/outbox/web-push-transport.ts`). Without
 * VAPID_* variables the key pair is made by the first request that needs it (the key's GET, or a
 * push to a subscription), on whichever instance that is, and read from the database by all.
 */
export const webPushModule: ServerModule = {
  name: 'web-push',
  build: ({ db, config, clock, auth, residentAuth, resolveHost }) => {
    const webPush = webPushService({ db, config, clock, resolveHost });
    return { routes: (app) => app.register(webPushRoutes, { auth, residentAuth, webPush }) };
  },
};
