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
import { EventBus } from './lib/events.js';
import { authRepo } from './modules/auth/repo.js';
import { authRoutes } from './modules/auth/routes.js';
import { authService } from './modules/auth/service.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { complaintDesk } from './modules/complaints/definition.js';
import { complaintRoutes } from './modules/complaints/routes.js';
import { deskService } from './modules/desk/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { outboxRepo } from './modules/outbox/repo.js';
import { logTransport, outboxWorker, type PushTransport } from './modules/outbox/worker.js';
import { residentAuthRepo } from './modules/resident-auth/repo.js';
import { residentAuthRoutes } from './modules/resident-auth/routes.js';
import { residentAuthService } from './modules/resident-auth/service.js';
import { attachSocket, type Io } from './realtime/socket.js';
import { securityRoutes } from './modules/security/routes.js';
import { securityService, type SecurityService } from './modules/security/service.js';
import { notHomeRoutes } from './modules/nothome/routes.js';
import { notHomeService, type NotHomeService } from './modules/nothome/service.js';
import { intervalJob, type IntervalJob } from './lib/interval-job.js';
import { systemClock, type Clock } from './lib/clock.js';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export interface BuiltApp {
  app: FastifyInstance;
  io: Io;
  bus: EventBus;
  outbox: ReturnType<typeof outboxWorker>;
  security: SecurityService;
  notHome: NotHomeService;
  /** Background jobs; main.ts starts them, tests run them on demand with runOnce(). */
  jobs: { escalation: IntervalJob; arrival: IntervalJob };
  clock: Clock;
}

export async function buildApp(opts: {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  pushTransport?: PushTransport;
  /** Serve dist/web when it exists (default true). */
  serveWeb?: boolean;
  /** Source of time for services and jobs (default the system clock; tests pass a manual one). */
  clock?: Clock;
}): Promise<BuiltApp> {
  const { config, database } = opts;
  const clock = opts.clock ?? systemClock;
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: false,
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine injects <style> tags; Swagger UI at /docs needs inline styles too.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Society Desk API', version: '0.1.0', description: 'Staff dashboard (cookie session) and resident app (bearer token) API.' },
      components: { securitySchemes: { resident: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const bus = new EventBus();
  const db = database.db;
  const auth = authService(authRepo(db), new LoginThrottle(config.LOGIN_MAX_FAILURES, config.LOGIN_WINDOW_S * 1000), config.SESSION_TTL_HOURS * 3600_000);
  const residentAuth = residentAuthService(residentAuthRepo(db));
  const outbox = outboxWorker(outboxRepo(db), opts.pushTransport ?? logTransport(app.log), app.log, config.OUTBOX_POLL_MS);
  const complaints = deskService(complaintDesk, { db, bus, outbox });
  const security = securityService({ db, bus, outbox });
  const notHome = notHomeService({ db, bus, outbox });
  const jobs = {
    escalation: intervalJob('escalation', config.ESCALATE_CHECK_MS, () => security.escalateDue(config.ESCALATE_AFTER_S), app.log),
    arrival: intervalJob('arrival', config.ARRIVAL_CHECK_MS, () => notHome.arriveDue(), app.log),
  };

  await app.register(healthRoutes, { db, dbKind: database.kind });
  await app.register(authRoutes, { auth, secureCookie: config.NODE_ENV === 'production' });
  await app.register(residentAuthRoutes, { residentAuth });
  await app.register(complaintRoutes, { auth, residentAuth, complaints });
  // The socket is attached before the routes that report presence.
  const realtime = attachSocket(app, auth, bus);
  await app.register(securityRoutes, { auth, residentAuth, security, presence: realtime.securityPresence });
  await app.register(notHomeRoutes, { auth, residentAuth, notHome });

  const serveWeb = opts.serveWeb !== false && existsSync(WEB_DIST);
  if (serveWeb) await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false });
  app.setNotFoundHandler((req, reply) => {
    // Client-side routes (/Complaints, /Pending, …) all serve the single-page app.
    if (serveWeb && req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/docs')) return reply.sendFile('index.html');
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `No route ${req.method} ${req.url.split('?')[0]}` });
  });

  app.addHook('onClose', async () => {
    await Promise.all([outbox.stop(), jobs.escalation.stop(), jobs.arrival.stop()]);
  });
  return { app, io: realtime.io, bus, outbox, security, notHome, jobs, clock };
}
