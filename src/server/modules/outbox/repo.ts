import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema.js';
import { systemClock, type Clock } from '../../lib/clock.js';

/** A push message (spec section 7 "Push messages"): to a device token, with title and body. */
export interface PushPayload {
  to: string | null;
  residentId: number;
  title: string;
  body: string;
  data?: { documentId: string };
}

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Back-off before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min, … at most
 * 1 hour.
 */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);
}

/**
 * The outbox table. A claimed row's `available_at` is its lease (the instant until which the
 * claiming worker owns it) and `attempts` counts claims, so (`available_at`, `attempts`) as
 * returned by `claimDue` identifies one claim: `markSent`/`markFailed` change the row only while
 * that claim still holds it. Times come from `clock`; a row never claimed (`attempts = 0`) is due
 * at once, whatever the clock says, so services may enqueue without one.
 */
export function outboxRepo(db: Db, clock: Clock = systemClock) {
  /** The row is still pending under the claim that returned `row`. */
  const stillHeld = (row: OutboxRow) =>
    and(eq(outbox.id, row.id), eq(outbox.status, 'pending'), eq(outbox.availableAt, row.availableAt), eq(outbox.attempts, row.attempts));

  return {
    /** Queues a push; call inside the transaction of the change that causes it. */
    async enqueuePush(societyId: number, payload: PushPayload): Promise<void> {
      await db.insert(outbox).values({ societyId, kind: 'push', payload });
    },
    /**
     * Claims up to `limit` due rows, oldest first, by setting `available_at` to now + `leaseMs`
     * (the lease) and counting the attempt, so a second worker (another server on the same
     * PostgreSQL) skips them until the lease passes. @returns the claimed rows, lease included.
     */
    async claimDue(limit: number, leaseMs: number): Promise<OutboxRow[]> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.status, 'pending'), or(eq(outbox.attempts, 0), lte(outbox.availableAt, now))))
          .orderBy(asc(outbox.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(outbox)
          .set({ availableAt: new Date(now.getTime() + leaseMs), attempts: sql`${outbox.attempts} + 1` })
          .where(inArray(outbox.id, due.map((d) => d.id)))
          .returning();
      });
    },
    /** Marks a claimed row sent. @returns false (and changes nothing) if the claim was lost. */
    async markSent(row: OutboxRow): Promise<boolean> {
      const done = await db
        .update(outbox)
        .set({ status: 'sent', sentAt: clock.now(), lastError: null })
        .where(stillHeld(row))
        .returning({ id: outbox.id });
      return done.length === 1;
    },
    /**
     * Retries a claimed row after `backoffMs(row.attempts)`, or gives up (status `failed`) once
     * `row.attempts` reached `maxAttempts`. @returns false (and changes nothing) if the claim was lost.
     */
    async markFailed(row: OutboxRow, error: string, maxAttempts: number): Promise<boolean> {
      const giveUp = row.attempts >= maxAttempts;
      const done = await db
        .update(outbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: error.slice(0, 500),
          availableAt: new Date(clock.now().getTime() + backoffMs(row.attempts)),
        })
        .where(stillHeld(row))
        .returning({ id: outbox.id });
      return done.length === 1;
    },
  };
}
export type OutboxRepo = ReturnType<typeof outboxRepo>;
