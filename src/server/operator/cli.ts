/**
 * `npm run admin -- <command>`: the operator's commands (operator/commands.ts) on the database the
 * server would use (DATABASE_URL, or the embedded one in DATA_DIR), with the server running or not:
 * - PostgreSQL: straight to the database (a running server refuses a disabled member's cached
 *   sessions at their next request: each request's first query confirms a cached session);
 * - embedded, no server running: this process takes the data folder's lock, applies pending
 *   migrations, runs the command and lets go;
 * - embedded, a server running: the command goes to its operator socket (operator/socket.ts).
 * Exit code: the command's (0 done, 2 refused, 1 failed).
 *
 * The common case (a server running) loads only the lock and the socket: the environment's zod
 * schema, the database driver, PGlite and the staff service are imported when the command runs
 * here. Loaded up front under tsx they took 2-4 s of every command on a busy machine.
 */
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from '../db/lock.js';
import { operatorActor, runCommand, USAGE, type CommandResult } from './commands.js';
import { sendToServer } from './socket.js';
import { isClockCommand, runClockCommand } from './test-clock.js';

async function runOnDatabase(argv: string[], opts: { databaseUrl?: string; dataDir?: string }): Promise<CommandResult> {
  const [{ loadConfig }, { openDatabase }, { prepareDatabase }, { systemClock }, { staffAccountsRepo }, { staffAccountsService }] = await Promise.all([
    import('../config.js'),
    import('../db/client.js'),
    import('../db/prepare.js'),
    import('../lib/clock.js'),
    import('../modules/staff/repo.js'),
    import('../modules/staff/service.js'),
  ]);
  // The whole environment is checked here, where this process is the one that uses it.
  const config = loadConfig();
  const database = await openDatabase(opts);
  try {
    await prepareDatabase(database, { demo: false });
    const repo = staffAccountsRepo(database.db);
    const accounts = staffAccountsService({
      db: database.db,
      clock: systemClock,
      temporaryPasswordHours: config.TEMP_PASSWORD_HOURS,
      // A disabled account's sessions stay, inert, so its member is told why (auth.revokeAccount).
      revokeSessions: async (id, opts) => void (opts?.disabled || (await repo.deleteSessionsOf(id))),
    });
    return await runCommand(argv, accounts, operatorActor());
  } finally {
    await database.close();
  }
}

/**
 * DATABASE_URL and DATA_DIR as loadConfig reads them (an empty value is unset; DATA_DIR defaults
 * to ./data, made absolute), without its zod schema: enough to choose where the command goes.
 */
function operatorTarget(env: NodeJS.ProcessEnv): { databaseUrl?: string; dataDir: string } {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: path.resolve(env.DATA_DIR || './data') };
}

async function main(argv: string[]): Promise<CommandResult> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') return { code: argv.length === 0 ? 2 : 0, out: USAGE, err: [] };
  const { databaseUrl, dataDir } = operatorTarget(process.env);
  if (databaseUrl && isClockCommand(argv)) return runClockCommand(argv, undefined);
  if (databaseUrl) return runOnDatabase(argv, { databaseUrl });
  let lock;
  try {
    lock = lockDataDir(dataDir, {
      onLost: (message) => {
        console.error(message);
        process.exit(1);
      },
    });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    return sendToServer(dataDir, argv).catch((e: Error) => ({
      code: 1 as const,
      out: [],
      err: [`The server using ${dataDir} did not take the command (${e.message}). Stop it and run the command again.`],
    }));
  }
  try {
    // Nothing to move: the clock is a running server's (TEST_CLOCK=1).
    if (isClockCommand(argv)) return runClockCommand(argv, undefined);
    return await runOnDatabase(argv, { dataDir });
  } finally {
    lock.release();
  }
}

const result = await main(process.argv.slice(2)).catch((err: Error): CommandResult => ({ code: 1, out: [], err: [`Failed: ${err.message}`] }));
for (const line of result.out) console.log(line);
for (const line of result.err) console.error(line);
process.exit(result.code);
