/**
 * Messages between bench/alarm-latency.ts (the presser) and its socket-client worker processes
 * (bench/alarm-latency/clients.ts), over the child_process IPC channel.
 *
 * Times are milliseconds on the machine's wall clock with sub-millisecond resolution:
 * {@link clockMs} = `performance.timeOrigin + performance.now()`. Each process's `timeOrigin` is
 * read once at its start from the system clock (microseconds), after which `performance.now()`
 * runs on the monotonic clock, so a time taken in a worker and one taken in the presser can be
 * subtracted (Date.now() would do too, but truncates to whole milliseconds). What stays is the
 * error of the two `timeOrigin` readings plus any clock slew since (NTP), a few µs in a bench run;
 * the bench checks it with an IPC ping (`clock` / `clock-reply`) and prints the estimate.
 */
import { performance } from 'node:perf_hooks';

/** Now, in ms on the wall clock with sub-ms resolution (comparable between processes). */
export const clockMs = (): number => performance.timeOrigin + performance.now();

/**
 * How a worker's screens talk to the server:
 * - 'socketio': socket.io-client, as the web app does; every event is decoded (JSON) before the
 *   receipt time is taken, ~20 µs of the worker's CPU per event;
 * - 'raw': a bare WebSocket speaking the Engine.IO 4 / Socket.IO 5 text protocol (open, namespace
 *   connect with the cookie's session, ping/pong, `42["event",…]`): the receipt time is taken
 *   when the frame arrives and only the alarm id is read from it. On a machine where one core must
 *   hold a thousand screens this keeps the screens' own CPU from dominating the figures, which are
 *   meant to show the server's delivery (a real screen decodes its one event on its own device).
 */
export type ClientKind = 'socketio' | 'raw';

/** Presser → worker. */
export type ToWorker =
  /** Open counts[t] screens to urls[t], with the staff cookie, as `client` screens (see {@link ClientKind}). */
  | { type: 'connect'; urls: string[]; counts: number[]; cookie: string; client: ClientKind }
  /** Send what arrived for alarm `id` so far (press events, even if not every screen has it). */
  | { type: 'collect'; id: number }
  /** Reply with this process's clock (for the offset check). */
  | { type: 'clock' }
  /** Close every screen (then reply 'closed'). */
  | { type: 'disconnect' }
  /** Close everything and exit. */
  | { type: 'exit' };

/** Worker → presser. */
export type FromWorker =
  | { type: 'ready'; connected: number; failed: number; errors: string[] }
  /**
   * Receipt times of alarm `id`'s press event ('receive-security' or 'security-pressed'), by target
   * index: sent once every screen of this worker has it, or on 'collect' (then `partial` if not).
   */
  | { type: 'alarm'; id: number; times: number[][]; partial: boolean }
  /** Every screen of this worker heard 'security-acknowledged' for alarm `id`. */
  | { type: 'acked'; id: number }
  | { type: 'clock-reply'; at: number }
  /** Screens closed; `cpuMs`: CPU time (user + system) this worker used since its 'ready'. */
  | { type: 'closed'; cpuMs: number };
