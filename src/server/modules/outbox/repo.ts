import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema.js';

/** A push message (spec section 7 "Push messages"): to a device token, with title and body. */
export interface PushPayload {
  to: string | null;
  residentId: number;
  title: string;
  body: string;
  data?: { documentId: string };
}

export type OutboxRow = typeof outbox.$inferSelect;

export function outboxRepo(db: Db) {
  return {
    /** Queues a push; call inside the transaction of the change that causes it. */
    async enqueuePush(societyId: number, payload: PushPayload): Promise<void> {
      await db.insert(outbox).values({ societyId, kind: 'push', payload });
    },
    /**
     * Claims up to `limit` due rows by pushing their `available_at` forward by `leaseMs`, so a
     * second worker (another server on the same PostgreSQL) skips them while this one delivers.
     */
    async claimDue(limit: number, leaseMs: number): Promise<OutboxRow[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.status, 'pending'), lte(outbox.availableAt, new Date())))
          .orderBy(asc(outbox.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(outbox)
          .set({ availableAt: new Date(Date.now() + leaseMs), attempts: sql`${outbox.attempts} + 1` })
          .where(inArray(outbox.id, due.map((d) => d.id)))
          .returning();
      });
    },
    async markSent(id: number): Promise<void> {
      await db.update(outbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(outbox.id, id));
    },
    /** Retry later with back-off, or give up after `maxAttempts`. */
    async markFailed(row: OutboxRow, error: string, maxAttempts: number): Promise<void> {
      const giveUp = row.attempts >= maxAttempts;
      const backoffMs = Math.min(60_000 * 2 ** row.attempts, 3_600_000);
      await db
        .update(outbox)
        .set({ status: giveUp ? 'failed' : 'pending', lastError: error.slice(0, 500), availableAt: new Date(Date.now() + backoffMs) })
        .where(eq(outbox.id, row.id));
    },
  };
}
export type OutboxRepo = ReturnType<typeof outboxRepo>;
