import type { Redis } from 'ioredis';
import { EXPORT_MSG } from '../../../shared/export-messages.js';
import { MSG } from '../../../shared/messages.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { limitOf, type Limit } from './limit.js';
import { pgRateLimitStore } from './postgres.js';
import { redisRateLimitStore } from './redis.js';
import { memoryRateLimitStore, type RateLimitStore } from './store.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Real-time bound (ms) on the SOS press's count in Redis: beyond it the press goes through
 * uncounted. A count is one short round trip (well under a millisecond on a healthy Redis).
 */
export const SOS_REDIS_TIMEOUT_MS = 250;

/** The limits on what one account (or, on the public resident routes, one address) can trigger, each a {@link Limit} (429 beyond it). */
export interface AppLimits {
  /** Send to All, per society per hour (PANEL_MAX_BROADCASTS_PER_HOUR). Subject: society id. */
  broadcasts: Limit;
  /** Send to one resident, per staff member per minute (PANEL_MAX_PUSHES_PER_MINUTE). Subject: staff id. */
  pushes: Limit;
  /** POST /api/media, per staff member per minute, counted before the body is read (MEDIA_MAX_UPLOADS_PER_MINUTE). */
  uploads: Limit;
  /** Uploaded bytes per staff member per day; cost = the file's size (MEDIA_MAX_BYTES_PER_DAY). */
  uploadBytes: Limit;
  /** POST /api/bills/import, per staff member per minute (BILL_MAX_IMPORTS_PER_MINUTE). */
  imports: Limit;
  /** GET <list>/export, per staff member per minute (EXPORT_MAX_PER_MINUTE). Subject: staff id. */
  exports: Limit;
  /** SOS presses per resident per minute (SOS_MAX_PRESSES_PER_MINUTE), on the alarm lane's store (RateLimitStores.alarm). */
  sosPresses: Limit;
  /** POST /api/client-errors, per session per minute (CLIENT_ERRORS_PER_MINUTE). Subject: a hash of the session credential, or the address. */
  clientErrors: Limit;
  /**
   * Resident sign-ins, registrations and password changes together, per address per minute,
   * every request counted (RESIDENT_SIGNIN_PER_MINUTE). Subject: the client's address (req.ip).
   * A coarse flood limit: wrong passwords are counted per phone by the sign-in throttle.
   */
  residentRequests: Limit;
  /** GET /api/societies (the registration picker), per address per minute (SOCIETY_PICKER_PER_MINUTE). Subject: the address. */
  societyPicker: Limit;
}

/**
 * The registration picker's society searches per address and minute: a search as the resident
 * types (the app waits for a pause) stays well under it; listing names in bulk does not.
 */
export const SOCIETY_PICKER_PER_MINUTE = 60;

/** The stores the limits count in: `alarm` for the SOS press (its own connections), `main` for the rest. */
export interface RateLimitStores {
  main: RateLimitStore;
  alarm: RateLimitStore;
  /**
   * Real-time ms the SOS press waits for `alarm` before going through uncounted; undefined: no
   * bound. Redis is bounded (another system, which may hang while the database is fine); the
   * PostgreSQL store is not: it runs on the alarm lane, which the press itself needs next, so a
   * bound would only let a burst of presses that queue for the lane's connections slip past the
   * limit (measured: 13 of a 30-press burst instead of 10). A failure still fails open.
   */
  alarmTimeoutMs?: number;
}

/**
 * Picks the stores like the sign-in throttle does (`sharedLimitsFor`): `kind` 'memory' (embedded
 * PGlite, one process) counts in memory; 'redis' (PostgreSQL with REDIS_URL) in Redis; 'postgres'
 * in `rate_limits`, through the main lane for most limits and the alarm lane (`alarmDb`) for SOS.
 * `now` is the app's clock in epoch ms; `redisPrefix` the Redis keys' prefix
 * (`redisKeyPrefixes(DATABASE_URL).limit`; default `sd:limit:`).
 */
export function rateLimitStoresFor(opts: {
  kind: 'memory' | 'postgres' | 'redis';
  db: Db;
  alarmDb: Db;
  redis: Redis | undefined;
  redisPrefix?: string;
  now: () => number;
}): RateLimitStores {
  if (opts.kind === 'redis' && opts.redis) {
    const store = redisRateLimitStore(opts.redis, opts.now, opts.redisPrefix);
    return { main: store, alarm: store, alarmTimeoutMs: SOS_REDIS_TIMEOUT_MS };
  }
  if (opts.kind === 'postgres') return { main: pgRateLimitStore(opts.db, opts.now), alarm: pgRateLimitStore(opts.alarmDb, opts.now) };
  const store = memoryRateLimitStore(opts.now);
  return { main: store, alarm: store };
}

/**
 * The app's limits from the configuration. Every limit fails open when its store fails (logged
 * through `onStoreError`): a counter outage never stops work, least of all an alarm.
 */
export function appLimits(config: Config, stores: RateLimitStores, onStoreError: (err: unknown, key: string) => void): AppLimits {
  const main = (name: string, limit: number, windowMs: number, message: string) => limitOf(stores.main, { name, limit, windowMs, message }, { onStoreError });
  return {
    broadcasts: main('broadcast', config.PANEL_MAX_BROADCASTS_PER_HOUR, HOUR_MS, MSG.broadcastsTooMany),
    pushes: main('push', config.PANEL_MAX_PUSHES_PER_MINUTE, MINUTE_MS, MSG.pushesTooMany),
    uploads: main('upload', config.MEDIA_MAX_UPLOADS_PER_MINUTE, MINUTE_MS, MSG.uploadsTooMany),
    uploadBytes: main('upload-bytes', config.MEDIA_MAX_BYTES_PER_DAY, DAY_MS, MSG.uploadBytesTooMany),
    imports: main('import', config.BILL_MAX_IMPORTS_PER_MINUTE, MINUTE_MS, MSG.importsTooMany),
    exports: main('export', config.EXPORT_MAX_PER_MINUTE, MINUTE_MS, EXPORT_MSG.tooMany),
    clientErrors: main('client-error', config.CLIENT_ERRORS_PER_MINUTE, MINUTE_MS, MSG.clientErrorsTooMany),
    residentRequests: main('resident-ip', config.RESIDENT_SIGNIN_PER_MINUTE, MINUTE_MS, MSG.residentRequestsTooMany),
    societyPicker: main('picker-ip', SOCIETY_PICKER_PER_MINUTE, MINUTE_MS, MSG.societySearchesTooMany),
    sosPresses: limitOf(
      stores.alarm,
      { name: 'sos', limit: config.SOS_MAX_PRESSES_PER_MINUTE, windowMs: MINUTE_MS, message: MSG.sosTooMany },
      { onStoreError, timeoutMs: stores.alarmTimeoutMs },
    ),
  };
}
