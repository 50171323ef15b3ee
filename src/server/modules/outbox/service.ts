import type { Db } from '../../db/client.js';
import { outboxRepo, type PushPayload } from './repo.js';

export type { PushPayload } from './repo.js';
export { logTransport, outboxWorker, type OutboxWorker, type PushTransport } from './worker.js';

/**
 * Queues a push message (spec section 7) inside the caller's transaction `tx`: it is delivered by
 * the outbox worker only if that transaction commits (nothing lost, nothing sent for a rollback).
 */
export function queuePush(tx: Db, societyId: number, payload: PushPayload): Promise<void> {
  return outboxRepo(tx).enqueuePush(societyId, payload);
}
