import { createECDH } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import {
  MAX_WEB_PUSH_SUBSCRIPTIONS,
  WEB_PUSH_MSG,
  type WebPushKey,
  type WebPushSubscribed,
  type WebPushSubscription,
} from '../../../shared/contracts/web-push.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { inSociety } from '../../db/society-scope.js';
import type { Clock } from '../../lib/clock.js';
import { BadRequestError, ConflictError } from '../../lib/errors.js';
import type { ResidentContext } from '../resident-auth/service.js';
import { checkEndpoint, checkEndpointHost, systemResolver, type HostResolver } from './endpoint.js';
import { webPushOwnerRepo, webPushRepo, webPushTargetsSql as targetsSql, type WebPushSubscriptionRow } from './repo.js';
import { vapidKeySource, type VapidKeySource } from './vapid.js';

export { isNotPublicError, isTestHost, publicOnlyLookup, systemResolver, type HostResolver } from './endpoint.js';
export type { VapidKeys, VapidKeySource } from './vapid.js';
export type { WebPushSubscriptionRow } from './repo.js';

/** base64url without padding (browsers send either). */
const unpadded = (b64: string) => b64.replace(/=+$/, '');

/**
 * The resident's Web Push subscriptions and the server's public key. Registration and
 * removal run in the resident's society scope (row-level security); the one cross-society step is
 * taking an endpoint over from a resident of another society (below).
 * - `publicKey()`: the VAPID public key (base64url), loaded or generated once (`vapidKeySource`);
 * - `subscribe(resident, s)`: stores the browser's subscription for the resident → `{endpoint,
 *   createdAt}`. The same endpoint again updates its keys. An endpoint another resident had is
 *   theirs no more: one browser profile has one subscription per site, so whoever registers it
 *   last is the one signed in there; their row is deleted (a push already queued for them names
 *   that row and is dropped, never delivered to the newcomer). At most 10 per resident.
 *   @throws BadRequestError (400 naming `endpoint` or `keys.p256dh`; an endpoint whose host
 *   resolves to any non-public address too), ConflictError (409: the limit, `WEB_PUSH_MSG.tooMany`;
 *   or a registration of the same endpoint racing this one), 503 when the name cannot be resolved now
 * - `unsubscribe(resident, endpoint)`: deletes the resident's own subscription of that endpoint;
 *   an endpoint that is not theirs (another resident's, or none) changes nothing and answers the
 *   same, so the answer tells nothing about other residents' endpoints.
 */
export function webPushService(deps: {
  db: Db;
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'WEB_PUSH_TEST_HOSTS'>;
  clock: Clock;
  /** Resolves an endpoint's host at subscription time (default the system's resolver; tests pass a fake). */
  resolveHost?: HostResolver;
}) {
  const { db, config, clock } = deps;
  const resolveHost = deps.resolveHost ?? systemResolver;
  const keys = vapidKeySource(db, config);
  const owner = webPushOwnerRepo(db);

  function register(resident: ResidentContext, s: { endpoint: string; p256dh: string; auth: string; sessionTokenHash: string | null }) {
    return inSociety(db, resident.societyId, (tx) =>
      webPushRepo(tx).register({ ...s, societyId: resident.societyId, residentId: resident.id, at: clock.now() }, MAX_WEB_PUSH_SUBSCRIPTIONS),
    );
  }

  return {
    /** The VAPID key pair's loader (the module starts loading it when built). */
    keys,
    async publicKey(): Promise<WebPushKey> {
      return { publicKey: (await keys.get()).publicKey };
    },
    /**
     * POST /api/resident/web-push: stores this browser's subscription for `resident`, tied to the
     * sign-in `session` (its token hash; the subscription ends with it). The endpoint's host must
     * resolve to public addresses only (`checkEndpointHost`).
     * @throws BadRequestError naming the field (endpoint, keys.p256dh), ConflictError at the limit or
     *   for an endpoint held elsewhere, ServiceUnavailableError (503) when the host cannot be resolved now
     */
    async subscribe(resident: ResidentContext, session: string | undefined, body: WebPushSubscription): Promise<WebPushSubscribed> {
      const endpoint = checkEndpoint(body.endpoint, config.WEB_PUSH_TEST_HOSTS);
      const p256dh = unpadded(body.keys.p256dh);
      try {
        // A point off the curve would fail every encryption: refuse it now, naming the field.
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
      } catch {
        throw new BadRequestError(WEB_PUSH_MSG.p256dh, 'keys.p256dh');
      }
      // Last, as the one check that asks the network: the host's addresses now (sending checks again).
      await checkEndpointHost(endpoint, config.WEB_PUSH_TEST_HOSTS, resolveHost);
      const s = { endpoint, p256dh, auth: unpadded(body.keys.auth), sessionTokenHash: session ?? null };
      let result = await register(resident, s);
      if (result.status === 'elsewhere') {
        // Held by a row this society's scope cannot see (another society's resident): the limit
        // passed, so take the endpoint over on the owner connection and register again.
        await owner.release(endpoint, resident.id);
        result = await register(resident, s);
      }
      if (result.status === 'limit') throw new ConflictError(WEB_PUSH_MSG.tooMany);
      if (result.status === 'elsewhere') throw new ConflictError(WEB_PUSH_MSG.busy, 'endpoint');
      return { endpoint: result.row.endpoint, createdAt: result.row.createdAt.toISOString() };
    },
    async unsubscribe(resident: ResidentContext, rawEndpoint: string): Promise<void> {
      // Stored endpoints are normalised (URL.href): look the sent one up the same way.
      const endpoint = URL.canParse(rawEndpoint) ? new URL(rawEndpoint).href : rawEndpoint;
      await inSociety(db, resident.societyId, (tx) => webPushRepo(tx).remove(resident.societyId, resident.id, endpoint));
    },
  };
}
export type WebPushService = ReturnType<typeof webPushService>;

/**
 * The ids of resident `residentId`'s subscriptions (an int SQL expression), as a subquery: the
 * outbox queues one push per id beside the FCM one (its fan-out, `modules/outbox/repo.ts`).
 */
export function webPushTargetsSql(residentId: SQL): SQL {
  return targetsSql(residentId);
}

/**
 * What the outbox's Web Push transport needs, on the owner connection (the worker spans
 * societies): the key pair, the test hosts, and the subscription rows it reads, forgets (404/410)
 * and stamps on success.
 */
export interface WebPushDelivery {
  keys: VapidKeySource;
  testHosts: readonly string[];
  subscription(id: number): Promise<WebPushSubscriptionRow | undefined>;
  forget(id: number): Promise<boolean>;
  delivered(id: number, at: Date): Promise<void>;
}

/** {@link WebPushDelivery} over `db` (the owner connection) and the configuration's keys and test hosts. */
export function webPushDelivery(
  db: Db,
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'WEB_PUSH_TEST_HOSTS'>,
): WebPushDelivery {
  const owner = webPushOwnerRepo(db);
  return {
    keys: vapidKeySource(db, config),
    testHosts: config.WEB_PUSH_TEST_HOSTS,
    subscription: owner.byId,
    forget: owner.forget,
    delivered: owner.delivered,
  };
}
