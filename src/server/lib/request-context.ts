/**
 * The request a unit of work belongs to, for the layers that cannot see it (the database pools):
 * - its abort signal, which fires once nobody waits for the answer any more (the client has gone,
 *   or the request was answered already, e.g. by the handler timeout). The admission hook
 *   (plugins/admission.ts) runs every request inside {@link runInRequest}, with a signal for the
 *   admitted non-alarm API requests; the pools ask {@link mayStartQuery} before they hand out a
 *   connection, so work nobody waits for stops before its queries run;
 * - the cached session it was let in with ({@link claimSession}), until the database confirms it:
 *   the request's first database work carries the check (db/society-scope.ts in its scope
 *   statement, db/resilient-pool.ts as a statement before any other query), so a session revoked
 *   on another instance is refused from the moment the revocation commits.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SQL } from 'drizzle-orm';
import { AppError } from './errors.js';

/**
 * A session the request was let in with from memory (lib/session-cache.ts) rather than from the
 * database, to be confirmed by the request's first database work.
 */
export interface SessionClaim {
  /**
   * A SQL expression (a call of drizzle/0026_session_holds.sql's functions) that raises
   * {@link SESSION_GONE_SQLSTATE} unless the session still holds as the cache has it.
   */
  check: SQL;
  /**
   * What to answer once the database refused the claim: the session is forgotten and read again
   * as a guard would, and its error (401, 403) is returned; called once per request.
   */
  refusal(): Promise<Error>;
}

/** The SQLSTATE drizzle/0026_session_holds.sql raises for a session that no longer holds. */
export const SESSION_GONE_SQLSTATE = 'SD401';

interface Claimed extends SessionClaim {
  state: 'pending' | 'confirmed' | 'refused';
  refused?: Promise<Error>;
}

interface RequestWork {
  /** Absent on the alarm path and outside the API: that work is never dropped. */
  signal?: AbortSignal;
  /** Reads may stop at any query; a write only before its first (never half-way through its work). */
  readOnly: boolean;
  started: boolean;
  claim?: Claimed;
}

const context = new AsyncLocalStorage<RequestWork>();
/** Set inside work that carries the claim's check itself, or needs none ({@link carryingClaim}). */
const carried = new AsyncLocalStorage<true>();

/**
 * Runs `fn` (and everything it starts) as the work of one request.
 * @param signal aborts when nobody waits for the answer; undefined: the work is never dropped
 * @param readOnly a GET or HEAD (may stop at any query)
 */
export function runInRequest(signal: AbortSignal | undefined, readOnly: boolean, fn: () => void): void {
  context.run({ signal, readOnly, started: false }, fn);
}

/**
 * The client of this request has gone (or its handler timed out) before the work reached the
 * database: nothing was done. Status 499 (nginx's "client closed request"); nobody reads it.
 */
export class RequestAbandonedError extends AppError {
  constructor() {
    super(499, 'The request was abandoned by its client before it reached the database.');
  }
}

/**
 * Called by a pool before it waits for a connection (`start` false) and again once it has one
 * (`start` true, which marks the request's work as started).
 * @throws RequestAbandonedError when the current request's signal has aborted and the request is
 *   a read, or a write that has not started a query yet. Outside a request, and on the alarm path
 *   (no signal), it never throws.
 */
export function mayStartQuery(start = false): void {
  const work = context.getStore();
  if (!work) return;
  if (work.signal?.aborted && (work.readOnly || !work.started)) throw new RequestAbandonedError();
  if (start) work.started = true;
}

/**
 * Records that the current request was let in with a cached session: its first database work
 * will confirm it ({@link pendingClaim}). A later claim replaces an earlier one.
 * @returns false outside a request, or while the request's claim is being refused (its refusal
 *   reads the session again): nothing would confirm it, so the caller must read the session from
 *   the database instead.
 */
export function claimSession(claim: SessionClaim): boolean {
  const work = context.getStore();
  if (!work || work.claim?.state === 'refused') return false;
  work.claim = { ...claim, state: 'pending' };
  return true;
}

/** What the work that confirms a claim reports back. */
export interface PendingClaim {
  check: SQL;
  /** The check passed: later work of the request sends it no more. */
  confirmed(): void;
  /**
   * Maps the error of the work that carried the check: a {@link SESSION_GONE_SQLSTATE} (anywhere
   * in its cause chain) becomes the claim's refusal (401/403, computed once); any other error is
   * returned as it is.
   */
  failed(err: unknown): Promise<unknown>;
}

/**
 * The current request's claim while it is still unconfirmed and the current work does not carry
 * it already ({@link carryingClaim}); undefined otherwise (no request, a session read from the
 * database, confirmed, refused). Work started while a check is in flight carries it too, so
 * nothing of the request commits unchecked.
 */
export function pendingClaim(): PendingClaim | undefined {
  const claim = context.getStore()?.claim;
  if (!claim || claim.state !== 'pending' || carried.getStore()) return undefined;
  return {
    check: claim.check,
    confirmed: () => {
      if (claim.state === 'pending') claim.state = 'confirmed';
    },
    failed: async (err) => {
      if (!isSessionGone(err)) return err;
      claim.state = 'refused';
      claim.refused ??= carryingClaim(() => claim.refusal());
      return claim.refused;
    },
  };
}

/**
 * Runs `fn` as work that needs no separate check of the request's claim: it sends the check
 * itself (db/society-scope.ts), or its statements serve nobody's data (the rate-limit counters).
 */
export function carryingClaim<T>(fn: () => T): T {
  return carried.run(true, fn);
}

/** True when `err` (or an error in its cause chain, as Drizzle wraps them) is {@link SESSION_GONE_SQLSTATE}. */
export function isSessionGone(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === SESSION_GONE_SQLSTATE) return true;
  }
  return false;
}
