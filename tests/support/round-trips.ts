/**
 * What a request costs the database: the statements it sends and, on a pipelining pool (both
 * PostgreSQL lanes), the round trips they take and the socket writes that carry them. Every query
 * of every pg.Client is watched through its `query`; a round trip starts when a statement is sent
 * while none of that connection's is waiting for its answer. A write is one `_write`/`_writev` of
 * the socket of a connection that sent a statement (one system call). Restore the spies after
 * each test (`vi.restoreAllMocks()`).
 */
import net from 'node:net';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { vi, type MockInstance } from 'vitest';

/** One statement as sent: its text and parameters, whether a round trip started with it, and its connection's socket. */
export interface SentStatement {
  text: string;
  values: unknown[];
  startsRoundTrip: boolean;
  socket: object;
}

/** What {@link watchRoundTrips} saw: each statement's first 60 characters (spaces folded), the round trips, the socket writes by connection, and the statements whole. */
export interface RoundTrips {
  statements: string[];
  roundTrips: number;
  /** Writes to the database socket of each connection that sent statements (a job's may write meanwhile too). */
  writesBy: Map<object, number>;
  sent: SentStatement[];
}

/** Runs `run` and reports every statement any connection sent meanwhile, and the round trips they took. */
export async function watchRoundTrips(run: () => Promise<void>): Promise<RoundTrips> {
  const statements: string[] = [];
  const sent: SentStatement[] = [];
  const pending = new Map<unknown, number>();
  let roundTrips = 0;
  const sockets = new WeakSet<object>();
  const writesBy = new Map<object, number>();
  for (const hook of ['_write', '_writev'] as const) {
    const own = net.Socket.prototype[hook] as (...a: unknown[]) => unknown;
    vi.spyOn(net.Socket.prototype, hook).mockImplementation(function (this: net.Socket, ...args: unknown[]) {
      if (sockets.has(this)) writesBy.set(this, (writesBy.get(this) ?? 0) + 1);
      return own.apply(this, args);
    } as never);
  }
  const real = pg.Client.prototype.query;
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const [config] = args as [string | { text: string }];
    const text = typeof config === 'string' ? config : config.text;
    const n = pending.get(this) ?? 0;
    const socket = this.connection.stream;
    sockets.add(socket);
    sent.push({ text, values: Array.isArray(args[1]) ? (args[1] as unknown[]) : [], startsRoundTrip: n === 0, socket });
    statements.push(text.replace(/\s+/g, ' ').slice(0, 60));
    if (n === 0) roundTrips++;
    pending.set(this, n + 1);
    const done = () => pending.set(this, (pending.get(this) ?? 1) - 1);
    // A query given a callback (pg.Pool's own `query` passes one) answers through it, not a promise.
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (...answer: unknown[]) => {
        done();
        return (last as (...a: unknown[]) => unknown)(...answer);
      };
    }
    const result = (real as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) void result.then(done, done);
    return result;
  } as typeof real);
  await run();
  return { statements, roundTrips, writesBy, sent };
}

/**
 * The first transaction `watched` saw, BEGIN to COMMIT: each statement's first 20 characters (its
 * shape: 'begin', "select set_config('a", …), the round trips its statements started, and on its
 * connection over the whole watch the round trips started and the socket writes (equal when each
 * round trip's statements leave in one write).
 */
export function firstTransaction(watched: RoundTrips): { statements: string[]; roundTrips: number; connection: { roundTrips: number; writes: number } } {
  const begin = watched.statements.indexOf('begin');
  const commit = watched.statements.indexOf('commit', begin);
  if (begin < 0 || commit < 0) throw new Error(`no transaction among:\n${watched.statements.join('\n')}`);
  const socket = watched.sent[begin]!.socket;
  return {
    statements: watched.statements.slice(begin, commit + 1).map((s) => s.slice(0, 20)),
    roundTrips: watched.sent.slice(begin, commit + 1).filter((s) => s.startsRoundTrip).length,
    connection: {
      roundTrips: watched.sent.filter((s) => s.socket === socket && s.startsRoundTrip).length,
      writes: watched.writesBy.get(socket) ?? 0,
    },
  };
}

/**
 * Of the statements `watched` saw whose text `matches`: how many were sent, on how many
 * connections, and how many times Drizzle built that text (`built` spies on the dialect's
 * sqlToQuery, through which every query's text is built: `vi.spyOn(PgDialect.prototype, 'sqlToQuery')`).
 */
export function builtAndSent(watched: RoundTrips, built: MockInstance<PgDialect['sqlToQuery']>, matches: (text: string) => boolean) {
  const sent = watched.sent.filter((s) => matches(s.text));
  return {
    sent: sent.length,
    connections: new Set(sent.map((s) => s.socket)).size,
    builds: built.mock.results.filter((r) => r.type === 'return' && matches(r.value.sql)).length,
  };
}
