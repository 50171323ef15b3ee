/**
 * The browser tests' clock commands, taken by a running embedded server started with
 * TEST_CLOCK=1 through its operator socket (never over HTTP):
 *   clock:shift --hours N      time moves N hours (0–8760, fractions allowed) forward
 *   clock:shift --to ISO       time jumps forward to an instant
 *   clock:reset                back to real time
 * Exit codes as operator/commands.ts: 0 done, 2 refused with one line saying why.
 */
import { parseArgs } from 'node:util';
import type { OffsetClock } from '../lib/clock.js';
import type { CommandResult } from './commands.js';

const HOUR_MS = 3_600_000;

/** True for the commands this module runs. */
export function isClockCommand(argv: readonly string[]): boolean {
  return argv[0]?.startsWith('clock:') ?? false;
}

const refuse = (line: string): CommandResult => ({ code: 2, out: [], err: [line] });

/**
 * Runs one clock command on the server's clock.
 * @param clock the server's offset clock, or undefined when it runs on real time (then every clock command is refused)
 */
export function runClockCommand(argv: readonly string[], clock: OffsetClock | undefined): CommandResult {
  if (!clock) return refuse('The clock commands need a server started with TEST_CLOCK=1.');
  const [command, ...rest] = argv;
  let values: { hours?: string; to?: string };
  try {
    ({ values } = parseArgs({ args: [...rest], options: { hours: { type: 'string' }, to: { type: 'string' } }, strict: true }));
  } catch (err) {
    return refuse((err as Error).message);
  }
  const now = () => ({ code: 0 as const, out: [`Clock: ${clock.now().toISOString()} (offset ${clock.offsetMs() / HOUR_MS} h)`], err: [] });
  switch (command) {
    case 'clock:reset':
      clock.reset();
      return now();
    case 'clock:shift': {
      if ((values.hours === undefined) === (values.to === undefined)) return refuse('Give either --hours N or --to <ISO instant>.');
      const ms = values.hours !== undefined ? Number(values.hours) * HOUR_MS : Date.parse(values.to!) - clock.now().getTime();
      if (!Number.isFinite(ms) || ms < 0 || ms > 8760 * HOUR_MS) return refuse('The clock moves forward only, by at most 8760 hours.');
      clock.shift(ms);
      return now();
    }
    default:
      return refuse(`Unknown clock command: ${command}`);
  }
}
