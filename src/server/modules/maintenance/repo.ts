import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idempotencyKeys, loginAttempts, outbox, rateLimits, residentSessions, staffSessions } from '../../db/schema.js';

/**
 * Deletes for the purge job, each at most `limit` rows per call (one short statement, so a large
 * backlog never holds locks long or blocks PGlite's single thread for long). Each returns how many
 * rows it deleted; the caller repeats until a call deletes fewer than `limit`.
 * Many instances: each batch locks its rows with FOR UPDATE SKIP LOCKED, so purges
 * running at once on several instances take different rows instead of queueing on (or, locking in
 * another order, deadlocking over) the same ones; every row is deleted by exactly one of them.
 */
export function maintenanceRepo(db: Db) {
  return {
    /** Sent outbox rows whose `sent_at` is before `cutoff` (pending and failed rows stay). */
    async deleteSentOutboxBefore(cutoff: Date, limit: number): Promise<number> {
      const batch = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.status, 'sent'), lt(outbox.sentAt, cutoff)))
        .limit(limit)
        .for('update', { skipLocked: true });
      const gone = await db.delete(outbox).where(inArray(outbox.id, batch)).returning({ id: outbox.id });
      return gone.length;
    },
    /** Staff sessions that expired before `now`. */
    async deleteExpiredStaffSessions(now: Date, limit: number): Promise<number> {
      const batch = db
        .select({ t: staffSessions.tokenHash })
        .from(staffSessions)
        .where(lt(staffSessions.expiresAt, now))
        .limit(limit)
        .for('update', { skipLocked: true });
      const gone = await db.delete(staffSessions).where(inArray(staffSessions.tokenHash, batch)).returning({ t: staffSessions.tokenHash });
      return gone.length;
    },
    /** Resident sessions that expired before `now`. */
    async deleteExpiredResidentSessions(now: Date, limit: number): Promise<number> {
      const batch = db
        .select({ t: residentSessions.tokenHash })
        .from(residentSessions)
        .where(lt(residentSessions.expiresAt, now))
        .limit(limit)
        .for('update', { skipLocked: true });
      const gone = await db.delete(residentSessions).where(inArray(residentSessions.tokenHash, batch)).returning({ t: residentSessions.tokenHash });
      return gone.length;
    },
    /** Shared sign-in throttle rows that began before `cutoff` (outside the window: they count for nothing). */
    async deleteLoginAttemptsBefore(cutoff: Date, limit: number): Promise<number> {
      const batch = sql`select ctid from ${loginAttempts} where ${lt(loginAttempts.at, cutoff)} limit ${limit}`;
      const gone = await db
        .delete(loginAttempts)
        .where(sql`ctid in (${batch})`)
        .returning({ k: loginAttempts.key });
      return gone.length;
    },
    /**
     * Rate-limit rows (lib/rate-limit/postgres.ts) whose window ended at or before `now`: the next
     * take of such a key opens a new window anyway. A take that renews a row meanwhile moves it to
     * a new ctid, so the renewed row is not deleted.
     */
    async deleteEndedRateLimits(now: Date, limit: number): Promise<number> {
      const batch = sql`select ctid from ${rateLimits} where ${lte(rateLimits.windowEnd, now)} limit ${limit}`;
      const gone = await db
        .delete(rateLimits)
        .where(and(sql`ctid in (${batch})`, lte(rateLimits.windowEnd, now)))
        .returning({ k: rateLimits.key });
      return gone.length;
    },
    /**
     * Idempotency keys (plugins/idempotency.ts) first claimed at or before `cutoff` (24 h ago):
     * a retry with such a key runs as a new request anyway. A key claimed again meanwhile has a new
     * `created_at`, which the second condition rechecks.
     */
    async deleteIdempotencyKeysBefore(cutoff: Date, limit: number): Promise<number> {
      const batch = sql`select ctid from ${idempotencyKeys} where ${lte(idempotencyKeys.createdAt, cutoff)} limit ${limit}`;
      const gone = await db
        .delete(idempotencyKeys)
        .where(and(sql`ctid in (${batch})`, lte(idempotencyKeys.createdAt, cutoff)))
        .returning({ k: idempotencyKeys.key });
      return gone.length;
    },
  };
}
export type MaintenanceRepo = ReturnType<typeof maintenanceRepo>;
