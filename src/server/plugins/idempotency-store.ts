/**
 * Where idempotency keys are kept (table `idempotency_keys`, on the owner connection): the only
 * place that queries it, besides the purge job's delete (modules/maintenance/repo.ts).
 */
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';

/** One caller's key: `caller` is `s:<staffId>`, `r:<residentId>` or `p:<route>:<address>`. */
export interface KeyRef {
  caller: string;
  key: string;
}

/** A key someone else holds: its request's fingerprint and, once answered, the answer. */
export interface HeldKey {
  fingerprint: string;
  /** Null while the first request still runs. */
  answer: { status: number; contentType: string | null; body: string } | null;
}

/** An answer to keep for replay: HTTP status, Content-Type (null: none) and the body as sent. */
export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

export function idempotencyStore(db: Db) {
  const t = idempotencyKeys;
  return {
    /**
     * Claims `ref` for a request with `fingerprint`, in one statement: a new key; or one whose 24 h
     * ran out (`createdAt` at or before `expiredBefore`); or one left unanswered past its lock by a
     * request with the same fingerprint (its process died). The claim holds until `lockedUntil`.
     * @returns null when claimed (run the request), else the key as another request holds it.
     */
    async claim(ref: KeyRef, fingerprint: string, now: Date, lockedUntil: Date, expiredBefore: Date): Promise<HeldKey | null> {
      // Twice at most: the key may be released between the two statements of the first try.
      for (let attempt = 0; ; attempt++) {
        const claimed = await db
          .insert(t)
          .values({ ...ref, fingerprint, createdAt: now, lockedUntil })
          .onConflictDoUpdate({
            target: [t.caller, t.key],
            set: { fingerprint, createdAt: now, lockedUntil, status: null, contentType: null, body: null },
            setWhere: or(lte(t.createdAt, expiredBefore), and(isNull(t.status), lte(t.lockedUntil, now), eq(t.fingerprint, sql`excluded.fingerprint`))),
          })
          .returning({ caller: t.caller });
        if (claimed.length > 0) return null;
        const [held] = await db
          .select({ fingerprint: t.fingerprint, status: t.status, contentType: t.contentType, body: t.body })
          .from(t)
          .where(and(eq(t.caller, ref.caller), eq(t.key, ref.key)));
        if (held) {
          const answer = held.status === null ? null : { status: held.status, contentType: held.contentType, body: held.body ?? '' };
          return { fingerprint: held.fingerprint, answer };
        }
        // Released by its first request meanwhile, twice: answer as if it still ran (409, retry).
        if (attempt > 0) return { fingerprint, answer: null };
      }
    },
    /** Stores the answer of the request that claimed `ref`. */
    async answer(ref: KeyRef, answer: StoredAnswer): Promise<void> {
      await db
        .update(t)
        .set(answer)
        .where(and(eq(t.caller, ref.caller), eq(t.key, ref.key), isNull(t.status)));
    },
    /** Frees `ref` (its request failed with a 5xx or 429, or gave no answer to keep): a retry runs again. */
    async release(ref: KeyRef): Promise<void> {
      await db.delete(t).where(and(eq(t.caller, ref.caller), eq(t.key, ref.key), isNull(t.status)));
    },
  };
}
export type IdempotencyStore = ReturnType<typeof idempotencyStore>;
