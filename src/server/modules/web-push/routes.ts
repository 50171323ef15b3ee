import { z } from 'zod';
import { ZWebPushEndpoint, ZWebPushKey, ZWebPushSubscribed, ZWebPushSubscription } from '../../../shared/contracts/web-push.js';
import { residentDocs } from '../../lib/route-docs.js';
import { residentOf, residentScope, type ModuleRoutes } from '../../plugins/auth.js';
import { sessionOf } from '../resident-auth/service.js';
import type { WebPushService } from './service.js';

/**
 * The resident app's Web Push: the server's VAPID key and the browser subscriptions,
 * resident API, bearer token.
 */
export const webPushRoutes: ModuleRoutes<{ webPush: WebPushService }> = async (root, { residentAuth, webPush }) => {
  await residentScope(root, residentAuth, (app) => {
    app.get('/api/resident/web-push/key', {
      schema: residentDocs("The server's VAPID public key: `applicationServerKey` for `pushManager.subscribe`", {}, { 200: ZWebPushKey }),
      handler: () => webPush.publicKey(),
    });

    app.post('/api/resident/web-push', {
      schema: residentDocs(
        "Stores this browser's push subscription (`PushSubscription.toJSON()`) for the resident: the same endpoint again updates its keys; an endpoint another resident registered becomes this resident's. At most 10 per resident (409). The endpoint must be an https URL of a public host (400 naming `endpoint`).",
        { body: ZWebPushSubscription },
        { 201: ZWebPushSubscribed },
      ),
      handler: async (req, reply) => reply.code(201).send(await webPush.subscribe(residentOf(req), sessionOf(req.headers.authorization), req.body)),
    });

    app.delete('/api/resident/web-push', {
      schema: residentDocs(
        "Removes one of the resident's own subscriptions by its endpoint (sign-out, or the browser unsubscribed); an endpoint that is not theirs changes nothing. Always 204.",
        { body: ZWebPushEndpoint },
        { 204: z.null() },
      ),
      handler: async (req, reply) => {
        await webPush.unsubscribe(residentOf(req), req.body.endpoint);
        return reply.code(204).send(null);
      },
    });
  });
};
