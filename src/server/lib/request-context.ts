/**
 * The request a unit of work belongs to, for the layers that cannot see it (the database pools):
 * its abort signal, which fires once nobody waits for the answer any more (the client has gone,
 * or the request was answered already, e.g. by the handler timeout). The admission hook (plugins/admission.ts) runs every admitted
 * non-alarm request inside {@link runInRequest}; the pools ask {@link mayStartQuery} before they
 * hand out a connection, so work nobody waits for stops before its queries run.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from './errors.js';

interface RequestWork {
  signal: AbortSignal;
  /** Reads may stop at any query; a write only before its first (never half-way through its work). */
  readOnly: boolean;
  started: boolean;
}

const context = new AsyncLocalStorage<RequestWork>();

/** Runs `fn` (and everything it starts) as the work of the request whose signal is `signal`. */
export function runInRequest(signal: AbortSignal, readOnly: boolean, fn: () => void): void {
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
 *   a read, or a write that has not started a query yet. Outside a request (jobs, start-up, the
 *   alarm path) it never throws.
 */
export function mayStartQuery(start = false): void {
  const work = context.getStore();
  if (!work) return;
  if (work.signal.aborted && (work.readOnly || !work.started)) throw new RequestAbandonedError();
  if (start) work.started = true;
}
