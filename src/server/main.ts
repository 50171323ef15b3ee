/**
 * `npm start`: validate the environment, open the database (locking PGlite's folder), migrate,
 * load demo data on the first start (never in production), listen, and print the URL and sign-ins
 * last, after every other start-up log line (lib/start-banner.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './db/lock.js';
import { buildApp } from './app.js';
import { DEMO_PASSWORD, DEMO_RESIDENT_SIGN_INS, DEMO_SIGN_INS, isDatabaseEmpty } from './seed/demo.js';
import { operatorActor, runCommand, type CommandResult } from './operator/commands.js';
import { listenOperatorSocket } from './operator/socket.js';
import { isClockCommand, runClockCommand } from './operator/test-clock.js';
import { offsetClock } from './lib/clock.js';
import { automaticBackup, writeBackup } from './operator/backup.js';
import { intervalJob } from './lib/interval-job.js';
import { staffAccountsService } from './modules/staff/service.js';
import { prepareDatabase } from './db/prepare.js';
import { shutdownGracefully } from './lib/shutdown.js';
import { mediaStorageFor } from './modules/media/storage.js';
import { plainHttpWarning } from './lib/plain-http.js';
import { startBanner } from './lib/start-banner.js';

/** The package's folder, where `npm run admin` runs (this file is src/server/main.ts or dist/server/main.js). */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** How long requests in flight may run after SIGTERM/SIGINT before they are cut. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How often the embedded database's automatic backup looks whether one is due (hourly). */
const BACKUP_CHECK_MS = 3_600_000;
/** Longest the banner waits for the start-up runs of the jobs (so it prints after their log lines). */
const BANNER_WAIT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  let lock: DataDirLock | undefined;
  if (!config.DATABASE_URL) {
    try {
      lock = lockDataDir(config.DATA_DIR, {
        // Another process has the folder now: exit without another write (not even a close).
        onLost: (message) => {
          console.error(`\n${message}\n`);
          process.exit(1);
        },
      });
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(`\n${err.message}\n`);
        process.exit(1);
      }
      throw err;
    }
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR });
  // Instances starting together (a rolling deploy, `npm run cluster`) take turns (db/prepare.ts).
  const seeded = await prepareDatabase(database, { demo: config.NODE_ENV !== 'production', media: mediaStorageFor(config) });
  // Fresh planner statistics before the first request (PGlite has no autovacuum, nor have some
  // PostgreSQL servers; see Database.maintain).
  await database.maintain();

  // Pretty lines in a terminal, written synchronously (a pino transport writes from a worker
  // thread, so its lines could land after the banner).
  const logger =
    config.NODE_ENV === 'development' && process.stdout.isTTY
      ? { level: config.LOG_LEVEL, stream: (await import('pino-pretty')).default({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true }) }
      : { level: config.LOG_LEVEL };
  // Browser tests move time with `npm run admin -- clock:shift` (operator/test-clock.ts).
  const testClock = config.TEST_CLOCK ? offsetClock() : undefined;
  const { app, io, outbox, jobs, auth, clock } = await buildApp({ config, database, logger, clock: testClock });
  outbox.start();
  jobs.escalation.start();
  jobs.arrival.start();
  jobs.purge.start();
  jobs.statistics.start();
  jobs.media.start();
  jobs.deadlines.start();
  // Requests whose return date passed while the server was down are closed at once; what expired
  // meanwhile is purged.
  // The banner waits for these start-up runs, so it comes after their log lines.
  const startRuns: Promise<unknown>[] = [jobs.arrival.runOnce(), jobs.purge.runOnce()];
  // Media released or left unattached while the server was down are removed.
  startRuns.push(jobs.media.runOnce());

  // Graceful shutdown (lib/shutdown.ts): sockets told to reconnect (elsewhere, behind a
  // load balancer), no new connections, requests in flight get SHUTDOWN_GRACE_MS, jobs stop, the
  // database closes, then the PGlite folder lock is released. A shutdown that hangs anyway
  // (a stuck job) ends the process 5 s after the grace period.
  let closing = false;
  let closeOperator: (() => Promise<void>) | undefined;
  let stopBackups: (() => Promise<void>) | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      console.error('shutdown did not finish in time: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 5_000).unref();
    try {
      await closeOperator?.();
      await stopBackups?.();
      const { forced } = await shutdownGracefully({ app, io, graceMs: SHUTDOWN_GRACE_MS, closeDatabase: () => database.close() });
      if (forced) app.log.warn('shutdown: requests in flight were cut after the grace period');
    } catch (err) {
      // The lock stays: a dead holder's lock is taken over by the next start (db/lock.ts).
      console.error('shutdown failed:', err instanceof Error ? err.message : err);
      process.exit(1);
    }
    lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // The embedded database is this process's alone: `npm run admin` sends its commands here.
  if (!config.DATABASE_URL) {
    const accounts = staffAccountsService({
      db: database.db,
      clock,
      temporaryPasswordHours: config.TEMP_PASSWORD_HOURS,
      revokeSessions: (id, opts) => auth.revokeAccount(id, opts),
    });
    const backup = async (): Promise<CommandResult> => ({ code: 0, out: [`Backup written: ${await writeBackup({ config, database, clock })}`], err: [] });
    closeOperator = await listenOperatorSocket(config.DATA_DIR, async (argv) => {
      if (argv[0] === 'backup') return backup();
      if (isClockCommand(argv)) return runClockCommand(argv, testClock);
      return runCommand(argv, accounts, operatorActor());
    });
    // The embedded database keeps its own backups: one every BACKUP_EVERY_HOURS, BACKUP_KEEP kept (checked hourly).
    if (config.BACKUP_EVERY_HOURS > 0) {
      const backups = intervalJob(
        'backup',
        BACKUP_CHECK_MS,
        () => automaticBackup({ config, database, clock, everyHours: config.BACKUP_EVERY_HOURS }),
        app.log,
      );
      backups.start();
      startRuns.push(backups.runOnce());
      stopBackups = () => backups.stop();
    }
  }
  // Production over plain http cannot sign in (lib/plain-http.ts): said once, before the banner.
  const httpWarning = plainHttpWarning(config);
  if (httpWarning) app.log.warn(httpWarning);
  await Promise.race([Promise.allSettled(startRuns), new Promise((resolve) => setTimeout(resolve, BANNER_WAIT_MS).unref())]);
  const lines = startBanner({
    config,
    root: ROOT,
    seeded,
    empty: await isDatabaseEmpty(database.db),
    demoPassword: DEMO_PASSWORD,
    staffSignIns: DEMO_SIGN_INS,
    residentSignIns: DEMO_RESIDENT_SIGN_INS,
  });
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
