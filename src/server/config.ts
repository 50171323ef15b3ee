/**
 * Environment, validated once at start-up; a bad value stops the server with a clear message.
 */
import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const isAddressOrCidr = (v: string) => {
  if (NAMED_RANGES.includes(v)) return true;
  const [addr = '', bits, extra] = v.split('/');
  const family = isIP(addr);
  if (!family || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * TRUST_PROXY (Fastify `trustProxy`): unset/`false` trusts no proxy (req.ip is the peer address);
 * `true` trusts every hop (only when nothing can reach the port but the proxy, as a client can
 * then pick its own address); or a comma-separated list of the proxies' addresses, CIDRs or
 * `loopback`/`linklocal`/`uniquelocal` (the safe choice). A hop count is refused: Fastify 5.12
 * ignores hop counts because they let direct clients spoof X-Forwarded-For.
 */
const ZTrustProxy = z
  .string()
  .default('false')
  .transform((v, ctx): boolean | string[] => {
    if (v === 'true' || v === 'false') return v === 'true';
    const list = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = list.filter((x) => !isAddressOrCidr(x));
    if (list.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected true, false or proxy addresses/CIDRs/loopback (hop counts are not supported); bad: ${bad.join(', ') || v}`,
      });
      return z.NEVER;
    }
    return list;
  });

/** ALLOWED_ORIGINS: comma-separated `scheme://host[:port]` origins, normalised by URL. */
const ZOrigins = z
  .string()
  .default('')
  .transform((v, ctx): string[] => {
    const origins: string[] = [];
    for (const item of v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)) {
      const url = URL.canParse(item) ? new URL(item) : undefined;
      if (!url || !['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
        ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${item}` });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

/** MEET_ALLOWED_HOSTS: comma-separated host names (optionally `:port`), lower-cased. */
const ZHosts = z
  .string()
  .default('')
  .transform((v, ctx): string[] => {
    const hosts: string[] = [];
    for (const item of v
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean)) {
      if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$/.test(item)) {
        ctx.addIssue({ code: 'custom', message: `not a host name (host[:port], no scheme or path): ${item}` });
        return z.NEVER;
      }
      hosts.push(item);
    }
    return hosts;
  });

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** PGlite data folder, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where `npm run backup` and the embedded database's daily backup write (default DATA_DIR/backups). */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many automatic backups the embedded database keeps (the oldest beyond are deleted). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Hours between the embedded database's automatic backups; 0 turns them off. */
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  /** postgres://… to use a PostgreSQL server instead of embedded PGlite. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * redis://… (ADR 0005): with DATABASE_URL, socket events cross instances through Redis
   * pub/sub (@socket.io/redis-adapter) instead of PostgreSQL LISTEN/NOTIFY. Ignored on embedded PGlite.
   * The sign-in throttles (staff and resident) and the rate limits count there too (shared by
   * every instance); without it they count in PostgreSQL (`login_attempts`, `rate_limits`).
   */
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long a temporary password signs in, in hours: a staff member's (made by `npm run admin` or a reset) and a resident's (a staff reset on /Status). */
  TEMP_PASSWORD_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  /** Staff session lifetime in hours. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  /**
   * How long a staff session or a resident token read from the database is served from memory, in
   * milliseconds (0: read on every request). Sign-out, account changes and a resident's Approve or
   * Block drop it on every instance at once (relayed through the socket adapter); a lost relay
   * message is bounded by this time.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * Failed sign-ins allowed per address and account within LOGIN_WINDOW_S before 429: a staff
   * email (wrong passwords, two-factor codes at sign-in and at enrolment, current passwords) or a
   * resident phone (wrong passwords at sign-in and at a password change). An address gets four
   * times as many across all accounts (staff and residents counted apart).
   */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_S: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /** Failed sign-ins allowed per account (a staff email, a resident phone) across all addresses within LOGIN_WINDOW_S before 429. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  /**
   * Resident sign-ins, registrations and password changes allowed per address and minute before
   * 429, every request counted (a flood limit; wrong passwords are limited per phone by
   * LOGIN_MAX_FAILURES and LOGIN_MAX_FAILURES_PER_ACCOUNT). Residents behind one carrier or gate
   * network share an address, so a society whose residents sign in together may raise it.
   * Counted where the other rate limits are (shared by every instance on PostgreSQL or Redis).
   */
  RESIDENT_SIGNIN_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Resident bearer token lifetime in days. */
  RESIDENT_TOKEN_TTL_DAYS: z.coerce.number().positive().max(365).default(30),
  /** Proxies whose X-Forwarded-For is believed (req.ip, throttles): see ZTrustProxy. */
  TRUST_PROXY: ZTrustProxy,
  /**
   * Closed LAN only: with NODE_ENV=production, session cookies go without `Secure` and staff may
   * sign in over plain http. Anyone on the network can then read a session cookie and act as that
   * member; put TLS in front instead wherever you can (docs/deploy.md). Logged as a warning at start.
   */
  ALLOW_INSECURE_HTTP: z.stringbool().default(false),
  /** Extra browser origins allowed to open the socket besides the app's own (comma-separated). */
  ALLOWED_ORIGINS: ZOrigins,
  /** Serve the API documentation at /docs when NODE_ENV=production (always served otherwise). */
  DOCS_IN_PRODUCTION: z.stringbool().default(false),
  /**
   * Browser tests only: the server's clock is real time plus an offset that the operator commands
   * `clock:shift` and `clock:reset` move (embedded database). Refused with NODE_ENV=production.
   */
  TEST_CLOCK: z.stringbool().default(false),
  /** Outbox poll interval in milliseconds. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** Seconds an alarm may stay unacknowledged before it is escalated. */
  ESCALATE_AFTER_S: z.coerce.number().positive().max(86_400).default(60),
  /** How often the escalation job looks, in milliseconds. */
  ESCALATE_CHECK_MS: z.coerce.number().int().min(50).default(1000),
  /** How often the deadline job looks for items past their stage's deadline, in milliseconds (modules/deadlines/job.ts). */
  DEADLINE_CHECK_MS: z.coerce.number().int().min(50).default(60_000),
  /** SOS presses a resident may make per minute (merged into one alarm) before 429. */
  SOS_MAX_PRESSES_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * Admission control (plugins/admission.ts): non-alarm requests are refused with 503 and
   * Retry-After once this instance runs ADMISSION_MAX_IN_FLIGHT of them, its main database lane
   * has ADMISSION_MAX_QUEUE waiting for a connection (or some waiting while recent ones waited over
   * ADMISSION_MAX_QUEUE_WAIT_MS on average), or its event loop lags over ADMISSION_MAX_LOOP_DELAY_MS.
   * The alarm path and health are always admitted.
   */
  ADMISSION_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(64),
  ADMISSION_MAX_QUEUE: z.coerce.number().int().min(1).max(100_000).default(20),
  ADMISSION_MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(50),
  ADMISSION_MAX_LOOP_DELAY_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  /**
   * Longest time (ms) a request may take from arrival to answer (Fastify handlerTimeout) before it
   * is answered 503 (the work it started may still finish); uploads and imports get UPLOAD_TIMEOUT_MS.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  /**
   * Limits on what one account can trigger (429 beyond each; counted in Redis or PostgreSQL, so
   * shared by every instance, or in memory on the embedded database). Send to All per society per
   * hour: each one queues a push per resident.
   */
  PANEL_MAX_BROADCASTS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Single pushes (Send to one resident) per staff member per minute. */
  PANEL_MAX_PUSHES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Media uploads (POST /api/media) per staff member per minute. */
  MEDIA_MAX_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Bytes of media a staff member may upload per day (default 1 GiB: ten of the largest videos); keep it above 100 MB. */
  MEDIA_MAX_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .default(1024 ** 3),
  /** Spreadsheet imports (POST /api/bills/import) per staff member per minute. */
  BILL_MAX_IMPORTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** How often the not-at-home arrival job runs, in milliseconds. */
  ARRIVAL_CHECK_MS: z.coerce.number().int().min(50).default(60_000),
  /** Days a sent push stays in the outbox before the purge job deletes it. */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** Video meeting server for doctor consultations: a generated link is MEET_BASE_URL/<unguessable room>. */
  MEET_BASE_URL: z.string().url().default('https://meet.jit.si'),
  /**
   * Other video meeting hosts a Meet ID typed as a link may point at (comma-separated host names,
   * e.g. `meet.google.com,zoom.us`; https only). Links to MEET_BASE_URL's host are always allowed;
   * any other link is refused (400), so residents are never sent to an arbitrary site.
   */
  MEET_ALLOWED_HOSTS: ZHosts,
  /**
   * Firebase Cloud Messaging service-account JSON file: when set, pushes really go out through
   * FCM's HTTP v1 API; unset, the logging transport stays.
   */
  FCM_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
  /** OAuth token endpoint for the FCM transport (settable for tests against a local server). */
  FCM_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  /** FCM API base URL (settable for tests against a local server). */
  FCM_BASE_URL: z.string().url().default('https://fcm.googleapis.com'),
  /**
   * Web Push (VAPID, RFC 8292) key pair, base64url: the public key the uncompressed P-256 point
   * (65 bytes), the private key its 32-byte scalar (`npx web-push generate-vapid-keys`). Both or
   * neither; unset, the first instance to start generates a pair and keeps it in the database
   * (`vapid_keys`), so every instance signs with the same one. Changing it ends every browser's
   * subscription (their push services refuse the new key).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'expected 65 bytes as base64url without padding (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'expected 32 bytes as base64url without padding (43 characters)')
    .optional(),
  /** The contact push services are given in the VAPID token's `sub`: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .refine((v) => /^mailto:[^\s@]+@[^\s@]+$/.test(v) || (URL.canParse(v) && new URL(v).protocol === 'https:'), 'expected mailto:address or an https: URL')
    .default('mailto:admin@society-desk.invalid'),
  /**
   * Tests only: hosts (`host[:port]`) whose Web Push endpoints may be plain http and private
   * addresses (a local push service). Refused with NODE_ENV=production.
   */
  WEB_PUSH_TEST_HOSTS: ZHosts,
  /**
   * The reserved super-society (spec section 6, literal withheld): staff of the society with this
   * exact name see every society's feed posts, discounts and plots. Unset: nobody does.
   */
  SUPER_SOCIETY: z.string().min(1).optional(),
  /** Object storage for uploaded media: set to use an S3-compatible bucket instead of DATA_DIR/media. */
  S3_BUCKET: z.string().min(1).optional(),
  /** S3 endpoint URL (e.g. http://127.0.0.1:9000 for a local store); unset uses AWS's own for S3_REGION. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addressing (bucket in the path, not the host name): most self-hosted stores need it. */
  S3_FORCE_PATH_STYLE: z.stringbool().default(true),
  /** Hours an uploaded file may stay unused by any post before the media job deletes it. */
  MEDIA_ORPHAN_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  /** Spreadsheet imports parsed at once, each in its own worker thread. */
  IMPORT_PARSE_WORKERS: z.coerce.number().int().min(1).max(8).default(1),
  /** Spreadsheet imports that may wait for a parse worker; more are refused with 429. */
  IMPORT_PARSE_QUEUE: z.coerce.number().int().min(0).max(100).default(4),
  /** Milliseconds one spreadsheet parse may take in its worker; longer → 413, worker replaced. */
  IMPORT_PARSE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /** Heap limit of each parse worker in MB; a parse over it → 413, worker replaced. */
  IMPORT_PARSE_MEMORY_MB: z.coerce.number().int().min(16).max(4096).default(256),
  /** List exports (.xlsx, `GET <list>/export`) written at once, each in its own worker thread. */
  EXPORT_WORKERS: z.coerce.number().int().min(1).max(8).default(1),
  /** List exports that may wait for a writer thread; more are refused with 429. */
  EXPORT_QUEUE: z.coerce.number().int().min(0).max(100).default(2),
  /** Milliseconds the writer thread may take for one export file; longer → 503, worker replaced. */
  EXPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** Heap limit of each export writer thread in MB; over it → 503, worker replaced. */
  EXPORT_MEMORY_MB: z.coerce.number().int().min(64).max(4096).default(768),
  /** Rows one export holds at most: beyond, the newest this many, with a note and `X-Export-Truncated: 1`. */
  EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(100_000),
  /** Rows each export batch reads, each batch its own short transaction (an alarm never waits long for the main lane). */
  EXPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(10_000).default(500),
  /** List exports per staff member per minute; more get 429. */
  EXPORT_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(5),
  /**
   * Error reports of the browser apps (POST /api/client-errors) per session and minute (the staff
   * cookie or resident token it is sent with, else the address); more get 429. The apps send a few a
   * minute at most, so this only stops a page stuck in a loop.
   */
  CLIENT_ERRORS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** The same per address and minute (a whole office behind one address shares it). */
  CLIENT_ERRORS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** How often the purge job (old sent pushes, expired sessions) runs, in milliseconds. */
  PURGE_CHECK_MS: z.coerce.number().int().min(1000).default(3_600_000),
  /**
   * How often, in milliseconds, the server looks for tables autovacuum would analyse or vacuum,
   * on a PostgreSQL server whose autovacuum is off (db/autovacuum.ts); with it on, or on the
   * embedded database, the job does nothing.
   */
  STATISTICS_CHECK_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * Bearer token for GET /metrics (Prometheus text format): a scraper sends
   * `Authorization: Bearer <METRICS_TOKEN>`. At least 16 characters; unset, /metrics answers 404.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
});
export type Config = z.infer<typeof ZEnv>;

/** Parses `env` (default process.env); throws a readable Error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  if (parsed.data.TEST_CLOCK && parsed.data.NODE_ENV === 'production') {
    throw new Error('Invalid environment:\n  TEST_CLOCK: a movable clock is for browser tests; it is refused with NODE_ENV=production');
  }
  if (parsed.data.WEB_PUSH_TEST_HOSTS.length > 0 && parsed.data.NODE_ENV === 'production') {
    throw new Error('Invalid environment:\n  WEB_PUSH_TEST_HOSTS: push endpoints outside https are for tests; they are refused with NODE_ENV=production');
  }
  const vapidProblem = checkVapidPair(parsed.data.VAPID_PUBLIC_KEY, parsed.data.VAPID_PRIVATE_KEY);
  if (vapidProblem) throw new Error(`Invalid environment:\n  VAPID_PRIVATE_KEY: ${vapidProblem}`);
  return {
    ...parsed.data,
    DATA_DIR: path.resolve(parsed.data.DATA_DIR),
    BACKUP_DIR: path.resolve(parsed.data.BACKUP_DIR ?? path.join(parsed.data.DATA_DIR, 'backups')),
  };
}

/**
 * Why VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY cannot be used together, or undefined when both are
 * unset or the public key is the private key's: one set without the other, a scalar that is not a
 * P-256 private key, or a public key of another pair.
 */
function checkVapidPair(publicKey: string | undefined, privateKey: string | undefined): string | undefined {
  if (publicKey === undefined && privateKey === undefined) return undefined;
  if (publicKey === undefined || privateKey === undefined) return 'set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, or neither';
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    if (ecdh.getPublicKey('base64url') !== publicKey) return 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY';
  } catch {
    return 'not a P-256 private key';
  }
  return undefined;
}
