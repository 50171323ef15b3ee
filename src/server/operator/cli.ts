/**
 * `npm run admin -- <command>`: the operator's commands (operator/commands.ts) on the database the
 * server would use (DATABASE_URL, or the embedded one in DATA_DIR), with the server running or not:
 * - PostgreSQL: straight to the database (a running server's session cache then serves a disabled
 *   member's sessions for SESSION_CACHE_MS at most);
 * - embedded, no server running: this process takes the data folder's lock, applies pending
 *   migrations, runs the command and lets go;
 * - embedded, a server running: the command goes to its operator socket (operator/socket.ts).
 * Exit code: the command's (0 done, 2 refused, 1 failed).
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError, lockDataDir } from '../db/lock.js';
import { prepareDatabase } from '../db/prepare.js';
import { systemClock } from '../lib/clock.js';
import { staffAccountsRepo } from '../modules/staff/repo.js';
import { staffAccountsService } from '../modules/staff/service.js';
import { operatorActor, runCommand, USAGE, type CommandResult } from './commands.js';
import { sendToServer } from './socket.js';
import { isClockCommand, runClockCommand } from './test-clock.js';

async function runOnDatabase(argv: string[], opts: { databaseUrl?: string; dataDir?: string }, temporaryPasswordHours: number): Promise<CommandResult> {
  const database = await openDatabase(opts);
  try {
    await prepareDatabase(database, { demo: false });
    const repo = staffAccountsRepo(database.db);
    const accounts = staffAccountsService({
      db: database.db,
      clock: systemClock,
      temporaryPasswordHours,
      revokeSessions: async (id) => void (await repo.deleteSessionsOf(id)),
    });
    return await runCommand(argv, accounts, operatorActor());
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<CommandResult> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') return { code: argv.length === 0 ? 2 : 0, out: USAGE, err: [] };
  const config = loadConfig();
  if (config.DATABASE_URL && isClockCommand(argv)) return runClockCommand(argv, undefined);
  if (config.DATABASE_URL) return runOnDatabase(argv, { databaseUrl: config.DATABASE_URL }, config.TEMP_PASSWORD_HOURS);
  let lock;
  try {
    lock = lockDataDir(config.DATA_DIR, {
      onLost: (message) => {
        console.error(message);
        process.exit(1);
      },
    });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    return sendToServer(config.DATA_DIR, argv).catch((e: Error) => ({
      code: 1 as const,
      out: [],
      err: [`The server using ${config.DATA_DIR} did not take the command (${e.message}). Stop it and run the command again.`],
    }));
  }
  try {
    // Nothing to move: the clock is a running server's (TEST_CLOCK=1).
    if (isClockCommand(argv)) return runClockCommand(argv, undefined);
    return await runOnDatabase(argv, { dataDir: config.DATA_DIR }, config.TEMP_PASSWORD_HOURS);
  } finally {
    lock.release();
  }
}

const result = await main(process.argv.slice(2)).catch((err: Error): CommandResult => ({ code: 1, out: [], err: [`Failed: ${err.message}`] }));
for (const line of result.out) console.log(line);
for (const line of result.err) console.error(line);
process.exit(result.code);
