import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { insertPushesSql, outboxRepo, type PushesSelect, type PushPayload, type SocietyPush } from './repo.js';

export type { PushPayload, PushPayloadSql, PushesSelect, SocietyPush } from './repo.js';
export { outboxWorker, type OutboxWorker } from './worker.js';
export { logTransport, type PushOutcome, type PushTransport } from './push-contract.js';

/**
 * Queues a push message (spec section 7) inside the caller's transaction `tx`: it is delivered by
 * the outbox worker only if that transaction commits (nothing lost, nothing sent for a rollback).
 * `payload.campaignId` ties it to a notification-panel message's delivery report.
 */
export function queuePush(tx: Db, societyId: number, payload: PushPayload): Promise<void> {
  return outboxRepo(tx).enqueuePush(societyId, payload);
}

/**
 * Many pushes in one statement, for a change that reaches many residents at once (a bill import,
 * a panel campaign): the `INSERT … SELECT` queuing one push per row of `select.from`, payload
 * shaped as `PushPayload`, as an SQL statement to place in the caller's statement (a `WITH`
 * item). Delivered only if that statement's transaction commits; poke the worker after it.
 */
export function queuePushesSql(select: PushesSelect): SQL {
  return insertPushesSql(select);
}

/**
 * Queues many pushes of one society inside `tx` (a broadcast to every resident), one
 * insert per 1,000 rows instead of one per push; otherwise as `queuePush`.
 */
export function queuePushes(tx: Db, societyId: number, payloads: readonly PushPayload[]): Promise<void> {
  return outboxRepo(tx).enqueuePushes(societyId, payloads);
}

/**
 * Queues a push to every approved resident of the society with a device token, inside `tx`
 * (a new post, discount, plot or announcement; spec section 7). Delivered only if `tx`
 * commits; poke the worker after the commit. @returns how many pushes were queued.
 */
export function queueSocietyPush(tx: Db, societyId: number, message: SocietyPush, at: Date): Promise<number> {
  return outboxRepo(tx).enqueueSocietyPush(societyId, message, at);
}
