import type { BaseDeps } from '../../lib/server-module.js';
import { outboxRepo } from './repo.js';
import { pushTransportFor } from './transport.js';
import { webPushDelivery } from '../web-push/service.js';
import { routeByTarget, webPushTransport } from './web-push-transport.js';
import { outboxWorker, type OutboxWorker, type PushTransport } from './worker.js';

/**
 * The push outbox, built by app.ts as an app plugin: the worker every module pokes after a commit
 * that queued pushes, and the depth the metrics read at scrape time. Each row goes to its
 * target's transport: a Web Push subscription's row to Web Push (always on: VAPID keys from the
 * variables or the database), any other to `transport`, which defaults to the configured one (FCM
 * with FCM_SERVICE_ACCOUNT_FILE, else a logging one); tests pass their own.
 */
export function pushOutbox(
  { db, config, clock, log, metrics, resolveHost }: BaseDeps,
  transport?: PushTransport,
): { outbox: OutboxWorker; outboxDepth(): Promise<number> } {
  const repo = outboxRepo(db, clock);
  const delivery = webPushDelivery(db, config);
  const routed = routeByTarget(transport ?? pushTransportFor(config, log, clock), webPushTransport({ delivery, clock, resolveHost }));
  const outbox = outboxWorker({ repo, transport: routed, log, clock, pollMs: config.OUTBOX_POLL_MS, metrics, forgetWebPush: delivery.forget });
  return { outbox, outboxDepth: () => repo.pendingCount() };
}
