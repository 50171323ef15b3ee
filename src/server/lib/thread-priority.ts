/**
 * CPU priority of the worker threads that do heavy work (spreadsheet parses and exports). Off the
 * request thread is not off the CPU: on a busy machine a 20,000-row parse competes with the thread
 * that answers alarms. Linux keeps a nice value per thread, so a worker can lower its own while
 * the request thread and the embedded database's worker keep nice 0 and win the CPU.
 *
 * Not lowered: V8's platform threads (garbage-collection helpers, concurrent compilers), although
 * a parse's collections keep them busy (~6% of a core each, four of them). They are shared by
 * every isolate of the process, so at nice 10 the request thread's own collections waited for
 * them too: with the load bench's alarms and lists saturating 2 cores, SOS p99 rose from
 * 124–139 ms to 160–396 ms in three alternating runs each (bench/load/measurements.md).
 */
import { setPriority } from 'node:os';

/**
 * The nice value of heavy-work threads: 10 gives a nice-0 thread about 10× their CPU share when
 * both want a core, yet a parse still progresses on a busy machine (19 starved a 20,000-row parse
 * past its time limit).
 */
export const BACKGROUND_NICE = 10;

/**
 * Sets the calling thread's nice value to {@link BACKGROUND_NICE}: a heavy-work worker's first
 * step. Linux only and best effort (elsewhere `setPriority` applies to the whole process or is
 * refused): nothing is changed there.
 * @returns true if the nice value was set
 */
export function lowerThisThread(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    // pid 0 is the calling thread only: on Linux a nice value is per thread.
    setPriority(BACKGROUND_NICE);
    return true;
  } catch {
    return false;
  }
}
