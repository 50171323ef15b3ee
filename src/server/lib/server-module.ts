/**
 * What a server module brings to the app (STYLE: fastify/demo's plugins then routes; immich's
 * per-module listeners). `app.ts` builds the shared dependencies (external plugins, then app
 * plugins: guards, outbox, socket), then walks `modules.ts`: each module's `build(deps)` makes
 * its services and returns its routes, jobs, listeners and what it exposes. Modules reach each
 * other only through `SharedDeps` (services, never another module's repo).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { AuthService } from '../modules/auth/service.js';
import type { AppMetrics } from '../modules/metrics/metrics.js';
import type { NotHomeService } from '../modules/not-home/service.js';
import type { OutboxWorker } from '../modules/outbox/service.js';
import type { ResidentAuthService } from '../modules/resident-auth/service.js';
import type { SecurityService } from '../modules/security/service.js';
import type { ZodApp } from '../plugins/auth.js';
import type { Realtime } from '../realtime/socket.js';
import type { Clock } from './clock.js';
import type { EventBus } from './events.js';
import type { IntervalJob } from './interval-job.js';
import type { ExportRunner } from './list-export.js';
import type { AppLimits } from './rate-limit/app-limits.js';
import type { SignInThrottle } from './sign-in-throttle/login-throttle.js';
import type { HostResolver } from '../modules/web-push/endpoint.js';

/** What app.ts has before any service: configuration, database, clock, log, bus, metrics, limits. */
export interface BaseDeps {
  config: Config;
  database: Database;
  /** `database.db`: the main lane (the alarm path uses `database.alarmDb`). */
  db: Db;
  /** Source of every stored time and job window (tests pass a manual clock). */
  clock: Clock;
  log: FastifyBaseLogger;
  /** Domain events: services emit after commit; listeners (ModuleParts.listen) turn them into client events. */
  bus: EventBus;
  /** This app's Prometheus recorders. */
  metrics: AppMetrics;
  /** The limits on what one account can trigger (lib/rate-limit/app-limits.ts). */
  limits: AppLimits;
  /**
   * The sign-in throttles (lib/sign-in-throttle): wrong secrets counted per (address, account),
   * per address and per account, in memory on the embedded database and shared by every instance
   * on PostgreSQL or Redis. `staff` by email (sign-in, its two-factor step, password changes, the
   * two-factor enrolment confirm), `resident` by phone (sign-in, password changes).
   */
  throttles: { staff: SignInThrottle; resident: SignInThrottle };
  /** Resolves Web Push endpoints' hosts (modules/web-push/endpoint.ts; tests pass a fake, so they need no network). */
  resolveHost: HostResolver;
}

/** The shared dependencies every module is built from: the base plus the app plugins' services. */
export interface SharedDeps extends BaseDeps {
  /** Staff sessions: every `staffScope` guard and the socket's handshake. */
  auth: AuthService;
  /** Resident bearer tokens on the main lane: every `residentScope` guard. */
  residentAuth: ResidentAuthService;
  /** The same on the alarm lane: the SOS press's guard, so an alarm never queues behind the main lane. */
  alarmResidentAuth: ResidentAuthService;
  /** The push outbox's worker: poked after a commit that queued pushes. */
  outbox: OutboxWorker;
  /** Pushes waiting in the outbox now (a scrape-time metric). */
  outboxDepth(): Promise<number>;
  /** Socket.IO: presence of security staff, and `to(rooms)` for the listeners. */
  realtime: Realtime;
  /** The list exports' runner (lib/list-export.ts): every `exportRoute` builds its file here. */
  exports: ExportRunner;
}

/** Interval jobs by name: main.ts starts them, tests run them with `runOnce()`. */
export interface AppJobs {
  /** Re-raises alarms unacknowledged for ESCALATE_AFTER_S (security). */
  escalation: IntervalJob;
  /** Closes not-at-home requests whose return date has passed (not-home). */
  arrival: IntervalJob;
  /** Deletes sent pushes, expired sessions and ended rate windows (maintenance). */
  purge: IntervalJob;
  /** PostgreSQL with autovacuum off: analyses and vacuums the tables autovacuum would (maintenance; Database.maintain). */
  statistics: IntervalJob;
  /** Deletes released media and uploads never attached (media). */
  media: IntervalJob;
  /** Escalates complaint, grocery and doctor items past their stage's deadline, once each (deadlines). */
  deadlines: IntervalJob;
}

/** Services reached from outside the app's routes (main.ts, tests). */
export interface ExposedServices {
  security: SecurityService;
  notHome: NotHomeService;
}

/** What one module built on one app brings; every part is optional. */
export interface ModuleParts {
  /** Registers the module's routes, each inside its `staffScope`/`residentScope` (plugins/auth.ts). */
  routes?(app: ZodApp): PromiseLike<unknown>;
  /** Its interval jobs. */
  jobs?: Partial<AppJobs>;
  /**
   * Subscribes (on `deps.bus`) to the domain events it owns and turns them into client events: it
   * picks the event name (`shared/events.ts`) and the rooms (`realtime/rooms.ts`) and sends
   * through `to(rooms)`. Called once the socket is attached.
   */
  listen?(to: Realtime['to']): void;
  /** Services main.ts or the tests reach on the built app. */
  exposes?: Partial<ExposedServices>;
  /** Releases what the module holds beyond the database (worker threads) when the app closes. */
  close?(): Promise<void>;
}

/** One entry of `modules.ts`. */
export interface ServerModule {
  /** The module's folder name under modules/. */
  name: string;
  /** Builds the module's services from `deps` and returns what it brings; called once per app. */
  build(deps: SharedDeps): ModuleParts;
}
