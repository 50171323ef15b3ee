/**
 * Row-level security (ADR 0002). Society-owned tables carry a policy that shows the role
 * `society_app` only the rows whose `society_id` equals the transaction's `app.society_id`
 * (drizzle/0002_row_level_security.sql). `inSociety` runs a unit of work as that role with that
 * setting, so a repo that forgets its society filter still sees nothing foreign, and a write with
 * another society's id fails. The connection's own role (the tables' owner) is not subject to the
 * policies: jobs that span societies, sign-in and migrations use it directly.
 */
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { carryingClaim, pendingClaim, type PendingClaim } from '../lib/request-context.js';
import type { Db } from './client.js';

/** The non-owner role society-scoped work runs as (created by the migration). */
export const SOCIETY_ROLE = 'society_app';

/**
 * Tables {@link SOCIETY_ROLE} may not touch at all (their migrations revoke it): sign-in failures,
 * rate-limit counters and stored idempotent answers, which span societies, and the VAPID private key. A restore that grants
 * the role every table (operator/backup.ts) revokes these again.
 */
export const OWNER_ONLY_TABLES = ['idempotency_keys', 'login_attempts', 'rate_limits', 'vapid_keys'] as const;

/**
 * The scope's one statement: the two settings, and the check of the request's cached session when
 * it has one to confirm (lib/request-context.ts `pendingClaim`), so that check costs no round trip
 * of its own. A session that no longer holds raises SD401 there, which aborts the transaction
 * before the work's first statement runs.
 */
const scopeSettings = (societyId: number, check?: SQL) =>
  check
    ? sql`select set_config('app.society_id', ${String(societyId)}, true), set_config('role', ${SOCIETY_ROLE}, true), ${check}`
    : sql`select set_config('app.society_id', ${String(societyId)}, true), set_config('role', ${SOCIETY_ROLE}, true)`;

/**
 * What {@link inSociety} needs to run a pipelined transaction on a lane: the lane's pool (in
 * pipeline mode) and a transaction handle on one of its checked-out connections (Drizzle's own
 * transaction object with the lane's dialect and schema). db/client.ts builds it with the lane.
 */
export interface PipelinedLane {
  pool: pg.Pool;
  transaction(client: pg.PoolClient): Db;
}

/** The lanes that pipeline, by their handle; any other handle runs Drizzle's own transaction. */
const pipelinedLanes = new WeakMap<Db, PipelinedLane>();
/** The transaction handles opened on a pipelining connection (see {@link pipelines}). */
const pipelinedHandles = new WeakSet<Db>();

/**
 * Marks `db` as a lane whose pool pipelines (db/client.ts, PostgreSQL lanes): {@link inSociety}
 * then sends BEGIN and the settings with the work's first statement. @returns `db`.
 */
export function registerPipelinedLane(db: Db, lane: PipelinedLane): Db {
  pipelinedLanes.set(db, lane);
  return db;
}

/** A society id is a positive integer; anything else is a programming error, never a query. */
function checkSocietyId(societyId: number): void {
  if (!Number.isSafeInteger(societyId) || societyId <= 0) throw new Error(`invalid society id ${societyId}`);
}

/**
 * Runs `work` in one transaction as {@link SOCIETY_ROLE} with `app.society_id = societyId`.
 * Both settings are transaction-local: the pooled connection is back to normal after commit.
 *
 * On a pool in pipeline mode (both PostgreSQL lanes, db/client.ts), BEGIN and the settings are
 * not awaited: they leave with `work`'s first statement(s) in one round trip, so a list read is
 * two round trips (its statements, then COMMIT) and its connection sits idle in the transaction
 * for one answer's handling instead of four. Statements `work` sends without awaiting in between
 * (Promise.all) share a round trip too. Elsewhere (the embedded database's gated pools) it is
 * Drizzle's transaction: BEGIN, settings, work, COMMIT one after another.
 *
 * A request let in with a cached session (lib/request-context.ts `claimSession`) has it checked in
 * the scope's statement of its first such transaction (and of any started before that one's
 * answer): a session signed out, revoked or changed since aborts the transaction, nothing is
 * written, and the guard's refusal (401/403) is thrown instead.
 * @param societyId the signed-in staff member's or resident's society (positive integer)
 * @returns what `work` returns; rolls back and rethrows if it throws.
 */
export function inSociety<T>(db: Db, societyId: number, work: (tx: Db) => Promise<T>): Promise<T> {
  checkSocietyId(societyId);
  const lane = pipelinedLanes.get(db);
  return withClaim((claim) => {
    if (lane) return pipelinedTransaction(lane, societyId, work, claim);
    return db.transaction(async (tx) => {
      await tx.execute(scopeSettings(societyId, claim?.check));
      claim?.confirmed();
      return work(tx);
    });
  });
}

/**
 * Runs a transaction that carries the request's pending session check (if any) in its scope
 * statement; the pools then send no check of their own for it (db/resilient-pool.ts). A refused
 * check becomes the guard's error.
 */
function withClaim<T>(run: (claim: PendingClaim | undefined) => Promise<T>): Promise<T> {
  const claim = pendingClaim();
  if (!claim) return run(undefined);
  return carryingClaim(() => run(claim)).catch(async (err: unknown) => {
    throw await claim.failed(err);
  });
}

async function pipelinedTransaction<T>(lane: PipelinedLane, societyId: number, work: (tx: Db) => Promise<T>, claim: PendingClaim | undefined): Promise<T> {
  const client = await lane.pool.connect();
  const tx = lane.transaction(client);
  pipelinedHandles.add(tx);
  // Sent now, answered later: a failure here aborts the transaction, so `work` fails too and the
  // first error (this one) is what is thrown.
  // `.then` now, not inside Promise.all: Drizzle sends a query when its `then` is called, and
  // Promise.all calls it a microtask later — after `work` has sent its first statement.
  const head = Promise.all([tx.execute(sql`begin`).then(() => undefined), tx.execute(scopeSettings(societyId, claim?.check)).then(() => claim?.confirmed())]);
  head.catch(() => undefined);
  let broken: Error | undefined;
  try {
    const result = await work(tx);
    await head;
    await tx.execute(sql`commit`);
    return result;
  } catch (err) {
    await tx.execute(sql`rollback`).catch((e: Error) => (broken = e));
    throw await head.then(
      () => err,
      (headErr: unknown) => headErr,
    );
  } finally {
    client.release(broken);
  }
}

/**
 * {@link inSociety} for a unit of work that is one statement, sent before `statement` returns (it
 * calls the query's `then` at once, as `alarmRepo(tx).press` does): on a pipelining lane COMMIT
 * leaves right behind it, so BEGIN, the settings, the statement and COMMIT are one round trip —
 * the SOS press's path. A failing statement aborts the transaction, and PostgreSQL answers the
 * COMMIT behind it with a rollback: nothing is written and the statement's error is thrown.
 * Elsewhere it is {@link inSociety}.
 * @param societyId as {@link inSociety}
 * @returns what `statement` resolves to
 */
export function inSocietyOneStatement<T>(db: Db, societyId: number, statement: (tx: Db) => Promise<T>): Promise<T> {
  checkSocietyId(societyId);
  const lane = pipelinedLanes.get(db);
  if (!lane) return inSociety(db, societyId, statement);
  return withClaim((claim) => oneStatementTransaction(lane, societyId, statement, claim));
}

async function oneStatementTransaction<T>(
  lane: PipelinedLane,
  societyId: number,
  statement: (tx: Db) => Promise<T>,
  claim: PendingClaim | undefined,
): Promise<T> {
  const client = await lane.pool.connect();
  const tx = lane.transaction(client);
  pipelinedHandles.add(tx);
  // Each is sent as it is called (see pipelinedTransaction), in this order, and answered in it.
  // The session check rides in the scope's statement: a refused one aborts the transaction, so
  // the statement behind it fails and the COMMIT is answered with a rollback.
  const sent: Promise<unknown>[] = [
    tx.execute(sql`begin`).then(() => undefined),
    tx.execute(scopeSettings(societyId, claim?.check)).then(() => claim?.confirmed()),
  ];
  // The statements `statement` sends while it runs are counted: COMMIT may follow only one that
  // has been sent, or a late one would run after it, outside the transaction and its scope.
  let count = 0;
  const send = client.query;
  const own = Object.hasOwn(client, 'query');
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    count++;
    return (send as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof client.query;
  let result: Promise<T>;
  try {
    result = statement(tx);
  } catch (err) {
    result = Promise.reject(err);
  } finally {
    if (own) client.query = send;
    else delete (client as Partial<pg.PoolClient>).query;
  }
  if (count !== 1) {
    // What it sends late still lands inside the transaction, which is then rolled back.
    const [answer] = await Promise.allSettled([result, ...sent]);
    await tx.execute(sql`rollback`).catch(() => undefined);
    client.release(true);
    if (count === 0 && answer!.status === 'rejected') throw answer.reason;
    throw new Error(`inSocietyOneStatement: the statement must be sent at once, and alone (${count} sent)`);
  }
  sent.push(
    result,
    tx.execute(sql`commit`).then(() => undefined),
  );
  const [begun, scoped, done, committed] = await Promise.allSettled(sent);
  // A COMMIT that failed leaves the connection's state unknown: it is not reused.
  client.release(committed?.status === 'rejected' ? (committed.reason as Error) : undefined);
  const failed = [begun!, scoped!, done!, committed!].find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return (done as PromiseFulfilledResult<T>).value;
}

/**
 * True when `db` (a transaction from {@link inSociety}) sends statements without waiting for the
 * previous answer: then independent statements go together (Promise.all) in one round trip.
 * Elsewhere they are awaited one by one (node-postgres would queue them anyway, with a warning).
 */
export function pipelines(db: Db): boolean {
  return pipelinedHandles.has(db);
}

/**
 * Statements of one transaction that do not wait for each other's answers, run in the order
 * given: on a pipelining transaction ({@link pipelines}) they leave together and share one round
 * trip — PostgreSQL still runs them in that order, so each sees what the ones before it wrote —
 * and elsewhere they run one after another. Each thunk must send its statement when it is
 * called: return a Drizzle query (its `then` is called here at once, which sends it), or a
 * promise made by calling the query's `then` (a repo method that maps the rows with `.then`).
 * Not an async function that awaits its query: `await` calls `then` a microtask later, after the
 * thunks behind it have sent theirs.
 * @returns the answers, in the same order
 */
export function inOrder<A, B>(db: Db, a: () => PromiseLike<A>, b: () => PromiseLike<B>): Promise<[A, B]>;
export function inOrder<A, B, C>(db: Db, a: () => PromiseLike<A>, b: () => PromiseLike<B>, c: () => PromiseLike<C>): Promise<[A, B, C]>;
export async function inOrder(db: Db, ...statements: (() => PromiseLike<unknown>)[]): Promise<unknown[]> {
  // `.then` at once: Drizzle sends a query when its `then` is called, and Promise.all would call
  // it only a microtask later, after statements issued meanwhile.
  if (pipelines(db)) return Promise.all(statements.map((s) => s().then((v) => v)));
  const answers: unknown[] = [];
  for (const s of statements) answers.push(await s());
  return answers;
}
