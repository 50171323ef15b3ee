/**
 * Builds the Fastify app (STYLE: fastify/demo): external plugins (security headers, cookies,
 * rate limit, OpenAPI), then services, then routes, the socket and the web app. Does not listen;
 * tests call `app.inject`, main.ts calls `listen`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerErrorHandler } from './lib/error-handler.js';
import { inputGuard } from './lib/input-guard.js';
import { registerAdmission, type AdmissionState } from './plugins/admission.js';
import { sameOriginWrites } from './lib/request-origin.js';
import { EventBus } from './lib/events.js';
import { authRepo } from './modules/auth/repo.js';
import { authRoutes } from './modules/auth/routes.js';
import { authService, type AuthService } from './modules/auth/service.js';
import { sharedLimitsFor } from './modules/auth/shared-throttle.js';
import { complaintDesk } from './modules/complaints/definition.js';
import { complaintRoutes } from './modules/complaints/routes.js';
import { deskService } from './desk/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { outboxRepo } from './modules/outbox/repo.js';
import { outboxWorker, type PushTransport } from './modules/outbox/worker.js';
import { pushTransportFor } from './modules/outbox/transport.js';
import { maintenanceRepo } from './modules/maintenance/repo.js';
import { purgeService } from './modules/maintenance/purge.js';
import { residentAuthRepo } from './modules/resident-auth/repo.js';
import { residentAuthRoutes } from './modules/resident-auth/routes.js';
import { residentAuthService } from './modules/resident-auth/service.js';
import { attachSocket, type Io } from './realtime/socket.js';
import { realtimeAdapter } from './realtime/adapter.js';
import { securityRoutes } from './modules/security/routes.js';
import { securityService, type SecurityService } from './modules/security/service.js';
import { notHomeRoutes } from './modules/nothome/routes.js';
import { notHomeService, type NotHomeService } from './modules/nothome/service.js';
import { intervalJob, type IntervalJob } from './lib/interval-job.js';
import { groceryRoutes } from './modules/grocery/routes.js';
import { groceryService } from './modules/grocery/service.js';
import { doctorRoutes } from './modules/doctor/routes.js';
import { doctorService } from './modules/doctor/service.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { billingRoutes } from './modules/billing/routes.js';
import { billingService } from './modules/billing/service.js';
import { sheetParser } from './modules/billing/sheet-parser.js';
import { residentAdminRoutes } from './modules/residents/routes.js';
import { residentAdminService } from './modules/residents/admin-service.js';
import { systemClock, type Clock } from './lib/clock.js';
import { webStaticOptions } from './lib/web-static.js';
import { mediaRoutes } from './modules/media/routes.js';
import { mediaService } from './modules/media/service.js';
import { uploadTempDir } from './modules/media/upload-file.js';
import { mediaStorageFor } from './modules/media/storage.js';
import { announcementRoutes } from './modules/announcements/routes.js';
import { announcementsService } from './modules/announcements/service.js';
import { videoPanelRoutes } from './modules/video-panel/routes.js';
import { videoPanelService } from './modules/video-panel/service.js';
import { logoRoutes } from './modules/logo/routes.js';
import { logoService } from './modules/logo/service.js';

import { feedRoutes } from './modules/feed/routes.js';
import { feedService } from './modules/feed/service.js';
import { feedResidentService } from './modules/feed/likes.js';
import { discountRoutes } from './modules/discounts/routes.js';
import { discountService } from './modules/discounts/service.js';
import { plotRoutes } from './modules/plots/routes.js';
import { plotService } from './modules/plots/service.js';
import { createMetrics, localSocketsBySociety, type AppMetrics } from './modules/metrics/metrics.js';
import { metricsRoutes } from './modules/metrics/routes.js';
import { appLimits, rateLimitStoresFor, type RateLimitStores } from './lib/rate-limit/app-limits.js';
const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export interface BuiltApp {
  app: FastifyInstance;
  io: Io;
  bus: EventBus;
  outbox: ReturnType<typeof outboxWorker>;
  security: SecurityService;
  notHome: NotHomeService;
  /** Staff sessions: tests and the account screens call `auth.revokeAccount(staffId)`. */
  auth: AuthService;
  /** Background jobs; main.ts starts them, tests run them on demand with runOnce(). */
  jobs: { escalation: IntervalJob; arrival: IntervalJob; purge: IntervalJob; media: IntervalJob };
  clock: Clock;
  /** Every route registered (method and URL pattern). */
  routes: readonly { method: string; url: string }[];
  /** This instance's Prometheus registry and recorders (served at /metrics with METRICS_TOKEN). */
  metrics: AppMetrics;
  /** Admission control's counts (requests running, refused). */
  admission: AdmissionState;
}

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
}): Promise<BuiltApp> {
  const { config, database } = opts;
  const clock = opts.clock ?? systemClock;
  const app = Fastify({
    logger: opts.logger ?? false,
    // TRUST_PROXY: behind a reverse proxy, req.ip (and so the sign-in throttles) is the client's.
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    // A request not answered in time gets 503 (lib/error-handler.ts); uploads set their own.
    handlerTimeout: config.REQUEST_TIMEOUT_MS,
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
  // Issue 11: one registry per app; every answered request is timed by its route pattern.
  const metrics = createMetrics({ processMetrics: config.METRICS_TOKEN !== undefined });
  app.addHook('onResponse', async (req, reply) => metrics.httpRequest(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000));
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
  // Issue 11: sign-in failures are counted where every instance sees them (PostgreSQL, or Redis with
  // REDIS_URL); the rate limits share Redis when there is one, and are per instance otherwise.
  const limits = await sharedLimitsFor({
    dbKind: database.kind,
    db: database.db,
    redisUrl: config.REDIS_URL,
    limits: { maxFailures: config.LOGIN_MAX_FAILURES, windowMs: config.LOGIN_WINDOW_S * 1000, maxPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT, now: () => clock.now().getTime() },
    onRedisError: (err) => app.log.error({ err }, 'redis (sign-in throttle, rate limits)'),
  });
  app.addHook('onClose', () => limits.close());
  // Limits on what one account can trigger (broadcasts, pushes, uploads, imports, SOS presses),
  // counted where the sign-in failures are (lib/rate-limit); a failing store lets work through.
  const now = () => clock.now().getTime();
  const rate = appLimits(
    config,
    opts.rateLimitStores ?? rateLimitStoresFor({ kind: limits.kind, db: database.db, alarmDb: database.alarmDb, redis: limits.rateLimitRedis, now }),
    (err, key) => app.log.error({ err, key }, 'rate limit store failed: let through uncounted'),
  );
  // skipOnError: a Redis outage lets requests through these coarse limits rather than failing them.
  await app.register(rateLimit, { global: false, ...(limits.rateLimitRedis && { redis: limits.rateLimitRedis, nameSpace: 'sd:rate:', skipOnError: true }) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Society Desk API', version: '0.1.0', description: 'Staff dashboard (cookie session) and resident app (bearer token) API.' },
      components: { securitySchemes: { resident: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The API documentation is not published in production unless asked for.
  if (config.NODE_ENV !== 'production' || config.DOCS_IN_PRODUCTION) await app.register(swaggerUi, { routePrefix: '/docs' });

  const bus = new EventBus();
  const db = database.db;
  const auth = authService({ repo: authRepo(db), throttle: limits.throttle, sessionTtlMs: config.SESSION_TTL_HOURS * 3600_000, clock, bus, sessionCacheMs: config.SESSION_CACHE_MS });
  const residentAuth = residentAuthService({ repo: residentAuthRepo(db), clock, tokenTtlMs: config.RESIDENT_TOKEN_TTL_DAYS * 86_400_000 });
  // The security module's resident routes (the SOS press) check the token on the alarm lane, so
  // an alarm never queues behind the main lane's slow queries (issue 7, Database.alarmDb).
  const alarmResidentAuth = residentAuthService({ repo: residentAuthRepo(database.alarmDb), clock, tokenTtlMs: config.RESIDENT_TOKEN_TTL_DAYS * 86_400_000 });
  const outbox = outboxWorker({
    repo: outboxRepo(db, clock),
    transport: opts.pushTransport ?? pushTransportFor(config, app.log, clock),
    log: app.log,
    clock,
    pollMs: config.OUTBOX_POLL_MS,
    metrics,
  });
  const purge = purgeService({ repo: maintenanceRepo(db), clock, retentionDays: config.OUTBOX_RETENTION_DAYS, log: app.log, loginWindowMs: config.LOGIN_WINDOW_S * 1000 });
  const complaints = deskService(complaintDesk, { db, bus, outbox, clock });
  const security = securityService({ db, alarmDb: database.alarmDb, bus, outbox, clock, pressLimit: rate.sosPresses, metrics });
  const notHome = notHomeService({ db, bus, outbox, clock });
  const grocery = groceryService({ db, bus, outbox, clock });
  const doctor = doctorService({ db, bus, outbox, clock, meetBaseUrl: config.MEET_BASE_URL, meetAllowedHosts: config.MEET_ALLOWED_HOSTS });
  // Spreadsheets are parsed in worker threads with heap and time limits (billing/sheet-parser.ts).
  const sheets = sheetParser({ workers: config.IMPORT_PARSE_WORKERS, queue: config.IMPORT_PARSE_QUEUE, timeoutMs: config.IMPORT_PARSE_TIMEOUT_MS, memoryMb: config.IMPORT_PARSE_MEMORY_MB });
  app.addHook('onClose', () => sheets.close());
  const billing = billingService({ db, outbox, clock, sheets });
  const residentAdmin = residentAdminService({ db, bus, clock });
  const jobs = {
    escalation: intervalJob('escalation', config.ESCALATE_CHECK_MS, () => security.escalateDue(config.ESCALATE_AFTER_S), app.log, metrics),
    arrival: intervalJob('arrival', config.ARRIVAL_CHECK_MS, () => notHome.arriveDue(), app.log, metrics),
    purge: intervalJob('purge', config.PURGE_CHECK_MS, async () => {
      await purge.purgeOnce();
      await database.maintain();
    }, app.log, metrics),
    // Deletes released media and uploads never attached (issue 10); `media` is created below.
    media: intervalJob('media', config.PURGE_CHECK_MS, () => media.collect(), app.log, metrics),
  };

  await app.register(healthRoutes, { db: database.alarmDb, dbKind: database.kind });
  await app.register(authRoutes, { auth, secureCookie: config.NODE_ENV === 'production' });
  await app.register(residentAuthRoutes, { residentAuth });
  await app.register(complaintRoutes, { auth, residentAuth, complaints });
  // The socket is attached before the routes that report presence.
  // Issue 11: events cross instances through PostgreSQL (or Redis with REDIS_URL); closed with the socket.
  const adapter = await realtimeAdapter({
    dbKind: database.kind,
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    // The message and code only: node-postgres errors carry their whole client object.
    onError: (err, source) => app.log.error({ source, error: err.message, code: (err as { code?: unknown }).code }, 'socket.io adapter connection error'),
  });
  const realtime = attachSocket(app, { auth, bus, clock, allowedOrigins: config.ALLOWED_ORIGINS, adapter });
  const outboxDepth = outboxRepo(db, clock);
  metrics.watch({
    outboxDepth: () => outboxDepth.pendingCount(),
    socketsBySociety: () => localSocketsBySociety(realtime.io),
    onError: (err, source) => app.log.error({ err, source }, 'metrics: a scrape-time source failed'),
  });
  await app.register(metricsRoutes, { metrics, token: config.METRICS_TOKEN });
  await app.register(securityRoutes, { auth, residentAuth: alarmResidentAuth, security, presence: realtime.securityPresence });
  await app.register(notHomeRoutes, { auth, residentAuth, notHome });
  await app.register(groceryRoutes, { auth, residentAuth, grocery });
  await app.register(doctorRoutes, { auth, residentAuth, doctor });
  await app.register(notificationRoutes, { db, auth, residentAuth, outbox, clock, limits: rate });
  await app.register(billingRoutes, { auth, billing, imports: rate.imports, uploadTimeoutMs: config.UPLOAD_TIMEOUT_MS });
  await app.register(residentAdminRoutes, { auth, residentAdmin });
  // ── issue 10: media (storage, upload, serving, cleanup job) ──
  const media = mediaService({ db, storage: mediaStorageFor(config), clock, orphanHours: config.MEDIA_ORPHAN_HOURS, log: app.log, uploadBytes: rate.uploadBytes });
  await app.register(mediaRoutes, { auth, media, uploads: rate.uploads, uploadDir: uploadTempDir(config.DATA_DIR), uploadTimeoutMs: config.UPLOAD_TIMEOUT_MS, now: () => clock.now().getTime() });
  // ── issue 10: posts (feed, discounts, plots) ──
  // SUPER_SOCIETY (spec section 6): that society's staff list and delete every society's posts.
  const postDeps = { db, outbox, clock, superSociety: config.SUPER_SOCIETY };
  const feed = feedService(postDeps);
  await app.register(feedRoutes, { auth, residentAuth, feed, feedResident: feedResidentService({ db, feed, clock }) });
  await app.register(discountRoutes, { auth, residentAuth, discounts: discountService(postDeps) });
  await app.register(plotRoutes, { auth, residentAuth, plots: plotService(postDeps) });
  // ── issue 10: announcements, video panel, logo ──
  await app.register(announcementRoutes, { auth, residentAuth, announcements: announcementsService({ db, outbox, clock }) });
  await app.register(videoPanelRoutes, { auth, residentAuth, videoPanel: videoPanelService({ db, clock }) });
  await app.register(logoRoutes, { auth, residentAuth, logo: logoService({ db, clock, bus }) });

  const webDist = opts.webDist ?? WEB_DIST;
  const serveWeb = opts.serveWeb !== false && existsSync(webDist);
  // Pre-compressed files, hashed assets immutable, index.html revalidated (issue 11, lib/web-static.ts).
  if (serveWeb) await app.register(fastifyStatic, webStaticOptions(webDist));
  app.setNotFoundHandler((req, reply) => {
    // Client-side routes (/Complaints, /Pending, …) all serve the single-page app.
    if (serveWeb && req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/docs')) return reply.sendFile('index.html');
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `No route ${req.method} ${req.url.split('?')[0]}` });
  });

  app.addHook('onClose', async () => {
    await Promise.all([outbox.stop(), jobs.escalation.stop(), jobs.arrival.stop(), jobs.purge.stop(), jobs.media.stop()]);
  });
  return { app, io: realtime.io, bus, outbox, security, notHome, auth, jobs, clock, routes, metrics, admission };
}
