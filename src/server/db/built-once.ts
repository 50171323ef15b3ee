/**
 * Statements whose text is built once per connection instead of once per call.
 *
 * Drizzle builds a query's SQL text anew each time it runs: it walks the query's chunks, checks
 * every chunk's kind and names every column. For a statement as large as the SOS press (an upsert,
 * its audit row and a join, about 60 chunks) that was about 0.35 ms of CPU a call on a 2-core
 * machine (a fifth of a press's instance CPU on a slower one), spent on a text that never changes:
 * only its values do. A {@link BuiltOnce} statement is written with placeholders instead of
 * values; on a PostgreSQL lane it is built and prepared (Drizzle's `prepare`, a named statement)
 * the first time it runs on a connection, and kept with that connection's transaction handle
 * (db/client.ts gives each connection one), so later calls only fill in the values. PostgreSQL
 * keeps the named statement parsed on the connection, as it does the texts db/statement-names.ts
 * names.
 *
 * On the embedded database's lanes a transaction handle lasts one transaction, and its
 * connections share one session where two preparing the same name would collide: there the
 * statement is built and sent unnamed on every call, as any other query is.
 */
import type { Placeholder } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { pipelines } from './society-scope.js';

/** A Drizzle query (select, insert, update…) written with placeholders: it can be prepared, or run with their values. */
export interface Preparable<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** A placeholder for value `name` of `V`, typed as that value. */
export type ValueOf<V> = <K extends keyof V & string>(name: K) => Placeholder<K, V[K]>;

/** A statement built once per connection: make it with {@link builtOnce}, run it with {@link runBuiltOnce}. */
export interface BuiltOnce<V extends Record<string, unknown>, R> {
  /** The prepared statement's name on each connection. */
  readonly name: string;
  readonly build: (db: Db, value: ValueOf<V>) => Preparable<R>;
}

/**
 * Defines a statement built once per connection.
 * @param name the prepared statement's name: unique in the process, and not of the form `sd_<n>`
 *   (db/statement-names.ts gives those). node-postgres refuses a name reused for another text on a
 *   connection, so a clash fails loudly rather than running the wrong statement.
 * @param build writes the statement on `db` with `value(name)` wherever a value of `V` goes; it
 *   must not read the values themselves (it runs once per connection, with none).
 */
export function builtOnce<V extends Record<string, unknown>, R>(name: string, build: (db: Db, value: ValueOf<V>) => Preparable<R>): BuiltOnce<V, R> {
  return { name, build };
}

const placeholder = ((name: string) => sql.placeholder(name)) as ValueOf<Record<string, unknown>>;

/** Each transaction handle's prepared statements (the handle is the connection's: db/client.ts). */
const preparedOn = new WeakMap<Db, Map<string, { execute(values?: Record<string, unknown>): Promise<unknown> }>>();

/**
 * Runs `statement` on `db` with `values`. The statement is sent before this returns, as a Drizzle
 * query is when it is run (what `inSocietyOneStatement` needs).
 * @param db a transaction handle (a lane's `inSociety` or `inSocietyOneStatement` transaction)
 * @returns what the statement returns (its rows, mapped as Drizzle maps them)
 */
export function runBuiltOnce<V extends Record<string, unknown>, R>(db: Db, statement: BuiltOnce<V, R>, values: V): Promise<R> {
  if (!pipelines(db)) return statement.build(db, placeholder as ValueOf<V>).execute(values);
  let prepared = preparedOn.get(db);
  if (!prepared) preparedOn.set(db, (prepared = new Map()));
  let query = prepared.get(statement.name);
  if (!query) prepared.set(statement.name, (query = statement.build(db, placeholder as ValueOf<V>).prepare(statement.name)));
  return query.execute(values) as Promise<R>;
}
