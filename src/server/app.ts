/**
 * Builds the Fastify app in fastify/demo's order: external plugins (security headers, cookies,
 * rate limit, OpenAPI), then app plugins (the staff and resident guards, the push outbox, the
 * socket: the shared dependencies), then the modules of `modules.ts`, each bringing its services,
 * routes, jobs and listeners (lib/server-module.ts), then the web app. Does not listen; tests call
 * `app.inject`, main.ts calls `listen`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerErrorHandler } from './lib/error-handler.js';
import { inputGuard } from './lib/input-guard.js';
import { registerAdmission, type AdmissionState } from './plugins/admission.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { idempotencyStore } from './plugins/idempotency-store.js';
import { confirmCachedSessions } from './plugins/auth.js';
import { sameOriginWrites } from './lib/request-origin.js';
import { EventBus } from './lib/events.js';
import type { AppJobs, BaseDeps, ExposedServices, SharedDeps } from './lib/server-module.js';
import { systemResolver, type HostResolver } from './modules/web-push/endpoint.js';
import { MODULES } from './modules.js';
import { staffAuth } from './modules/auth/index.js';
import type { AuthService } from './modules/auth/service.js';
import { sharedLimitsFor } from './lib/sign-in-throttle/shared-throttle.js';
import { redisKeyPrefixes } from './lib/redis-namespace.js';
import { pushOutbox } from './modules/outbox/index.js';
import type { OutboxWorker, PushTransport } from './modules/outbox/service.js';
import { residentGuards } from './modules/resident-auth/index.js';
import type { NotHomeService } from './modules/not-home/service.js';
import type { SecurityService } from './modules/security/service.js';
import { attachSocket, type Io } from './realtime/socket.js';
import { realtimeAdapter } from './realtime/adapter.js';
import { systemClock, type Clock } from './lib/clock.js';
import { webPageFor, webStaticOptions } from './lib/web-static.js';
import { createMetrics, type AppMetrics } from './modules/metrics/metrics.js';
import { appLimits, rateLimitStoresFor, type RateLimitStores } from './lib/rate-limit/app-limits.js';
import { exportRunner } from './lib/list-export.js';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export interface BuiltApp {
  app: FastifyInstance;
  io: Io;
  bus: EventBus;
  outbox: OutboxWorker;
  security: SecurityService;
  notHome: NotHomeService;
  /** Staff sessions: tests and the account screens call `auth.revokeAccount(staffId)`. */
  auth: AuthService;
  /** Background jobs; main.ts starts them, tests run them on demand with runOnce(). */
  jobs: AppJobs;
  clock: Clock;
  /** Every route registered (method and URL pattern). */
  routes: readonly { method: string; url: string }[];
  /** This instance's Prometheus registry and recorders (served at /metrics with METRICS_TOKEN). */
  metrics: AppMetrics;
  /** Admission control's counts (requests running, refused). */
  admission: AdmissionState;
}

/**
 * Builds one app on `opts.database` (migrated and seeded by the caller), ready for `listen` or
 * `inject`; its jobs and outbox are not started. Throws when Redis (REDIS_URL) cannot be reached,
 * or when `modules.ts` lacks a module whose job or service `BuiltApp` names.
 */
export async function buildApp(opts: {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  pushTransport?: PushTransport;
  /** Serve dist/web when it exists (default true). */
  serveWeb?: boolean;
  /** The built web app's folder (default dist/web; tests pass a fixture). */
  webDist?: string;
  /** Source of time for services and jobs (default the system clock; tests pass a manual one). */
  clock?: Clock;
  /** Where the limits on what one account can trigger count (default: as the sign-in throttle; tests pass failing ones). */
  rateLimitStores?: RateLimitStores;
  /** Resolves Web Push endpoints' hosts, when stored and when sent to (default the system's; tests pass a fake). */
  resolveHost?: HostResolver;
}): Promise<BuiltApp> {
  const { config, database } = opts;
  const clock = opts.clock ?? systemClock;
  const app = Fastify({
    logger: opts.logger ?? false,
    // One line per request instead of Fastify's two ('incoming request', 'request completed'): below.
    logController: new LogController({ disableRequestLogging: true }),
    // TRUST_PROXY: behind a reverse proxy, req.ip (and so the sign-in throttles) is the client's.
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    // A request not answered in time gets 503 (lib/error-handler.ts); uploads set their own.
    handlerTimeout: config.REQUEST_TIMEOUT_MS,
    // '/api/complain/' is '/api/complain': the spec's clients write some routes with the slash.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  // The route table, for the test that every /api route outside a named public list is guarded.
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before any route is registered, so every route inherits it: text PostgreSQL cannot store → 400.
  app.addHook('preValidation', inputGuard);
  // Staff writes from a foreign page → 403, before the session is read (lib/request-origin.ts).
  app.addHook('onRequest', sameOriginWrites(config.ALLOWED_ORIGINS));
  // One registry per app; every answered request is timed by its route pattern.
  const metrics = createMetrics({ processMetrics: config.METRICS_TOKEN !== undefined });
  app.addHook('onResponse', async (req, reply) => metrics.httpRequest(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000));
  // The one log line of a request, once answered (the query string left out: it may carry search text).
  app.addHook('onResponse', async (req, reply) => {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    req.log.info(
      { method: req.method, url: req.url.split('?')[0], status: reply.statusCode, ms },
      `${req.method} ${req.url.split('?')[0]} ${reply.statusCode} ${ms} ms`,
    );
  });
  // Alarms first: before any guard or query, non-alarm work is refused while this instance or its
  // database lane is saturated (plugins/admission.ts).
  const admission = registerAdmission(
    app,
    {
      maxInFlight: config.ADMISSION_MAX_IN_FLIGHT,
      maxQueue: config.ADMISSION_MAX_QUEUE,
      maxQueueWaitMs: config.ADMISSION_MAX_QUEUE_WAIT_MS,
      maxLoopDelayMs: config.ADMISSION_MAX_LOOP_DELAY_MS,
      retryAfterS: 1,
    },
    database.mainLaneLoad,
    (reason) => metrics.requestRefused(reason),
  );
  // A session let in from the cache whose request sent no query is confirmed before the answer.
  confirmCachedSessions(app, database.db);

  // Idempotency-Key on every write under /api (plugins/idempotency.ts): its hooks wrap each route
  // registered from here on. A claim holds for the route's time limit plus a minute.
  registerIdempotency(app, {
    store: idempotencyStore(database.db),
    clock,
    lockMs: (routeTimeoutMs) => (routeTimeoutMs || config.REQUEST_TIMEOUT_MS) + 60_000,
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine injects <style> tags; Swagger UI at /docs needs inline styles too.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // CSP3 'self' covers same-origin ws:/wss: (Chromium, Firefox): sockets only to the app itself.
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie);
  // Sign-in failures (staff and resident) are counted where every instance sees them (PostgreSQL,
  // or Redis with REDIS_URL), and so are the app's rate limits below. Only @fastify/rate-limit's
  // coarse per-address limit (client-error reports) stays per instance without Redis.
  // Redis keys carry the database's name: two deployments sharing one Redis count apart.
  const redisPrefixes = redisKeyPrefixes(config.DATABASE_URL);
  const limits = await sharedLimitsFor({
    dbKind: database.kind,
    db: database.db,
    redisUrl: config.REDIS_URL,
    redisPrefix: redisPrefixes.login,
    limits: {
      maxFailures: config.LOGIN_MAX_FAILURES,
      windowMs: config.LOGIN_WINDOW_S * 1000,
      maxPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      now: () => clock.now().getTime(),
    },
    onRedisError: (err) => app.log.error({ err }, 'redis (sign-in throttle, rate limits)'),
  });
  app.addHook('onClose', () => limits.close());
  // Limits on what one account can trigger (broadcasts, pushes, uploads, imports, SOS presses),
  // counted where the sign-in failures are (lib/rate-limit); a failing store lets work through.
  const now = () => clock.now().getTime();
  const rate = appLimits(
    config,
    opts.rateLimitStores ??
      rateLimitStoresFor({
        kind: limits.kind,
        db: database.db,
        alarmDb: database.alarmDb,
        redis: limits.rateLimitRedis,
        redisPrefix: redisPrefixes.limit,
        now,
      }),
    (err, key) => app.log.error({ err, key }, 'rate limit store failed: let through uncounted'),
  );
  // skipOnError: a Redis outage lets requests through this coarse limit rather than failing them.
  await app.register(rateLimit, {
    global: false,
    ...(limits.rateLimitRedis && { redis: limits.rateLimitRedis, nameSpace: redisPrefixes.rate, skipOnError: true }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Society Desk API', version: '0.1.0', description: 'Staff dashboard (cookie session) and resident app (bearer token) API.' },
      components: { securitySchemes: { resident: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The API documentation is not published in production unless asked for.
  // Imported only then: a production server without docs does not hold Swagger UI's code.
  if (config.NODE_ENV !== 'production' || config.DOCS_IN_PRODUCTION) await app.register(import('@fastify/swagger-ui'), { routePrefix: '/docs' });

  // App plugins (fastify/demo's plugins/app): the shared dependencies every module is built from.
  const bus = new EventBus();
  const base: BaseDeps = {
    config,
    database,
    db: database.db,
    clock,
    log: app.log,
    bus,
    metrics,
    limits: rate,
    throttles: { staff: limits.throttle, resident: limits.residentThrottle },
    resolveHost: opts.resolveHost ?? systemResolver,
  };
  const auth = staffAuth(base, limits.throttle);
  const { outbox, outboxDepth } = pushOutbox(base, opts.pushTransport);
  // Events cross instances through PostgreSQL (or Redis with REDIS_URL); closed with the socket.
  const adapter = await realtimeAdapter({
    dbKind: database.kind,
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    // The message and code only: node-postgres errors carry their whole client object.
    onError: (err, source) => app.log.error({ source, error: err.message, code: (err as { code?: unknown }).code }, 'socket.io adapter connection error'),
  });
  const residentAuths = residentGuards(base);
  const realtime = attachSocket(app, { auth, residentAuth: residentAuths.residentAuth, bus, clock, allowedOrigins: config.ALLOWED_ORIGINS, adapter });
  // List exports: read in short batches here, written to .xlsx in a worker thread (lib/list-export.ts).
  const exports = exportRunner({
    workers: config.EXPORT_WORKERS,
    queue: config.EXPORT_QUEUE,
    timeoutMs: config.EXPORT_TIMEOUT_MS,
    memoryMb: config.EXPORT_MEMORY_MB,
    maxRows: config.EXPORT_MAX_ROWS,
    batchRows: config.EXPORT_BATCH_ROWS,
  });
  const deps: SharedDeps = { ...base, auth, ...residentAuths, outbox, outboxDepth, realtime, exports };

  // Modules (modules.ts), in order: each builds its services; then their routes, then their listeners.
  const parts = MODULES.map((m) => m.build(deps));
  for (const part of parts) await part.routes?.(app);
  for (const part of parts) part.listen?.(realtime.to);
  const found: Partial<AppJobs & ExposedServices> = {};
  for (const part of parts) Object.assign(found, part.jobs, part.exposes);
  const { escalation, arrival, purge, statistics, media, deadlines, security, notHome } = found;
  if (!escalation || !arrival || !purge || !statistics || !media || !deadlines || !security || !notHome) {
    throw new Error('modules.ts must list the security, not-home, maintenance, media and deadlines modules (their jobs and services)');
  }
  const jobs: AppJobs = { escalation, arrival, purge, statistics, media, deadlines };

  // A real robots.txt (else the SPA fallback would answer it with the dashboard's HTML): a
  // society's dashboard and resident app are for its members, not for search engines.
  app.get('/robots.txt', { schema: { hide: true } }, (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send('User-agent: *\nDisallow: /\n'),
  );
  const webDist = opts.webDist ?? WEB_DIST;
  const serveWeb = opts.serveWeb !== false && existsSync(webDist);
  // Pre-compressed files, hashed assets immutable, index.html revalidated (lib/web-static.ts).
  if (serveWeb) await app.register(fastifyStatic, webStaticOptions(webDist));
  app.setNotFoundHandler((req, reply) => {
    const page = serveWeb && req.method === 'GET' ? webPageFor(req.url) : null;
    // Client-side routes (/Complaints, /Pending, …; the resident app's /app/…) serve their single-page app.
    if (page) return reply.sendFile(page);
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `No route ${req.method} ${req.url.split('?')[0]}` });
  });

  app.addHook('onClose', async () => {
    await Promise.all([outbox.stop(), exports.close(), ...Object.values(jobs).map((job) => job.stop()), ...parts.map((part) => part.close?.())]);
  });
  return { app, io: realtime.io, bus, outbox, security, notHome, auth, jobs, clock, routes, metrics, admission };
}
