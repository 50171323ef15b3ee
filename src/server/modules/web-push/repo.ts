import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { webPushSubscriptions } from '../../db/schema.js';

export type WebPushSubscriptionRow = typeof webPushSubscriptions.$inferSelect;

/** What `register` did: stored (new or updated), refused for the limit, or found the endpoint held by someone it cannot see. */
export type RegisterResult = { status: 'stored'; row: WebPushSubscriptionRow } | { status: 'limit' } | { status: 'elsewhere' };

/** Advisory-lock class of "a resident's subscriptions" (the second key is the resident id). */
const LOCK_CLASS = 0x5750; // 'WP'

/**
 * The subscription ids of resident `residentId` (an int SQL expression): the Web Push targets of
 * a push to that resident, for the outbox's fan-out (`web_push_subscriptions_resident_idx`).
 */
export function webPushTargetsSql(residentId: SQL): SQL {
  return sql`select w.id from web_push_subscriptions w where w.resident_id = ${residentId}`;
}

/** The resident's own subscriptions: call inside `inSociety` (row-level security); every query also filters on society and resident. */
export function webPushRepo(db: Db) {
  return {
    /**
     * Stores `s` for its resident, at most `max` per resident: takes the resident's advisory lock
     * (two registrations at once count one after the other), counts the resident's other
     * endpoints (limit → nothing written), deletes the endpoint's row of another resident of this
     * society, then inserts it, or updates the keys when it is already the resident's.
     * `elsewhere`: the endpoint is held by a row this scope cannot see (another society's, or a
     * concurrent registration): nothing written.
     */
    async register(
      s: { societyId: number; residentId: number; endpoint: string; p256dh: string; auth: string; sessionTokenHash: string | null; at: Date },
      max: number,
    ): Promise<RegisterResult> {
      await db.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}::int, ${s.residentId}::int)`);
      const mine = and(eq(webPushSubscriptions.societyId, s.societyId), eq(webPushSubscriptions.residentId, s.residentId));
      const [others] = await db
        .select({ n: count() })
        .from(webPushSubscriptions)
        .where(and(mine, ne(webPushSubscriptions.endpoint, s.endpoint)));
      if (Number(others?.n ?? 0) >= max) return { status: 'limit' };
      await db
        .delete(webPushSubscriptions)
        .where(
          and(
            eq(webPushSubscriptions.societyId, s.societyId),
            eq(webPushSubscriptions.endpoint, s.endpoint),
            ne(webPushSubscriptions.residentId, s.residentId),
          ),
        );
      const [inserted] = await db
        .insert(webPushSubscriptions)
        .values({
          societyId: s.societyId,
          residentId: s.residentId,
          endpoint: s.endpoint,
          p256dh: s.p256dh,
          auth: s.auth,
          sessionTokenHash: s.sessionTokenHash,
          createdAt: s.at,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted) return { status: 'stored', row: inserted };
      const [updated] = await db
        .update(webPushSubscriptions)
        .set({ p256dh: s.p256dh, auth: s.auth, sessionTokenHash: s.sessionTokenHash })
        .where(and(mine, eq(webPushSubscriptions.endpoint, s.endpoint)))
        .returning();
      return updated ? { status: 'stored', row: updated } : { status: 'elsewhere' };
    },
    /** Deletes the resident's subscription of `endpoint` (none: nothing). @returns how many were deleted (0 or 1). */
    async remove(societyId: number, residentId: number, endpoint: string): Promise<number> {
      const gone = await db
        .delete(webPushSubscriptions)
        .where(and(eq(webPushSubscriptions.societyId, societyId), eq(webPushSubscriptions.residentId, residentId), eq(webPushSubscriptions.endpoint, endpoint)))
        .returning({ id: webPushSubscriptions.id });
      return gone.length;
    },
  };
}

/** What the outbox worker and the registration's cross-society step need: the owner connection (every society). */
export function webPushOwnerRepo(db: Db) {
  return {
    /** The subscription with this id, or undefined when it was removed. */
    async byId(id: number): Promise<WebPushSubscriptionRow | undefined> {
      const [row] = await db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.id, id));
      return row;
    },
    /** Deletes the subscription (its push service answered 404 or 410). @returns whether it existed. */
    async forget(id: number): Promise<boolean> {
      const gone = await db.delete(webPushSubscriptions).where(eq(webPushSubscriptions.id, id)).returning({ id: webPushSubscriptions.id });
      return gone.length === 1;
    },
    /** Records that a push service accepted a push for it at `at`. */
    async delivered(id: number, at: Date): Promise<void> {
      await db.update(webPushSubscriptions).set({ lastSuccessAt: at }).where(eq(webPushSubscriptions.id, id));
    },
    /**
     * Deletes the endpoint's row unless it is resident `residentId`'s: the browser now belongs to
     * that resident, whatever society the old row was in. @returns how many were deleted.
     */
    async release(endpoint: string, residentId: number): Promise<number> {
      const gone = await db
        .delete(webPushSubscriptions)
        .where(and(eq(webPushSubscriptions.endpoint, endpoint), ne(webPushSubscriptions.residentId, residentId)))
        .returning({ id: webPushSubscriptions.id });
      return gone.length;
    },
  };
}
