/**
 * Request guards. Staff endpoints read the session cookie; resident endpoints a bearer token.
 * The sub-role check uses the shared table (src/shared/subroles.ts): a module the caller's
 * sub-role is not for → 403, whatever the client shows.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canUse, type Module } from '../../shared/subroles.js';
import { MSG } from '../../shared/messages.js';
import type { Db } from '../db/client.js';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../lib/errors.js';
import { carryingClaim, pendingClaim } from '../lib/request-context.js';
import type { AuthService } from '../modules/auth/service.js';
import type { StaffContext } from '../lib/caller-context.js';
import type { ResidentAuthService, ResidentContext, ResidentGuardOptions } from '../modules/resident-auth/service.js';

export const SESSION_COOKIE = 'sd_session';

/** A Fastify instance typed for the shared zod schemas. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** Registers a scope's routes on its guarded, encapsulated instance. */
type ScopeRoutes = (app: ZodApp) => void | Promise<void>;

/** The two guards a module's routes are registered behind: staff sessions and residents' bearer tokens. */
export interface RouteGuards {
  auth: AuthService;
  residentAuth: ResidentAuthService;
}

/** A module's routes plugin: the guards plus the module's own services `S`. */
export type ModuleRoutes<S> = FastifyPluginAsyncZod<RouteGuards & S>;

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffContext;
    resident?: ResidentContext;
  }
}

/**
 * preHandler: 401 without a valid staff session (MSG.accountDisabled when the account was disabled,
 * else MSG.notSignedIn); while the member is held, 403
 * MSG.changeTemporaryPassword (a temporary password not yet replaced) or MSG.twoFactorRequired (a
 * super-admin whose society requires two-factor sign-in, not turned on yet), unless
 * `opts.ownAccount` (who-am-I and the member's own account: password, two-factor, sessions);
 * 403 when the sub-role may use none of `module` (one module or a list: any of them).
 * A session let in from the cache is confirmed by the request's first query (modules/auth
 * `authenticate`); if it no longer holds, the request is answered what this guard says on a fresh
 * read — or 409 MSG.sessionChanged when the fresh read lets it in after all (a new sub-role that
 * may use `module` too): nothing was done either way.
 */
export function staffGuard(auth: AuthService, module?: Module | readonly Module[], opts: { ownAccount?: boolean } = {}) {
  const modules = module === undefined ? [] : typeof module === 'string' ? [module] : module;
  const admit = async (token: string | undefined): Promise<StaffContext> => {
    const refusal = () =>
      admit(token).then(
        () => new ConflictError(MSG.sessionChanged),
        (err: Error) => err,
      );
    const staff = await auth.authenticate(token, refusal);
    if (!staff) throw new UnauthorizedError(await auth.signedOutMessage(token));
    if (!opts.ownAccount && staff.mustChangePassword) throw new ForbiddenError(MSG.changeTemporaryPassword);
    if (!opts.ownAccount && staff.mustEnrolTwoFactor) throw new ForbiddenError(MSG.twoFactorRequired);
    if (modules.length > 0 && !modules.some((m) => canUse(staff.subRole, m))) throw new ForbiddenError(MSG.notAvailable);
    return staff;
  };
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    req.staff = await admit(req.cookies[SESSION_COOKIE]);
  };
}

/**
 * preHandler for the resident API: 401 without a valid bearer token, 403 if blocked, 403
 * MSG.residentPending for a Pending resident unless `allowPending` (the account routes: profile,
 * push token), and, like {@link staffGuard}, 403 MSG.residentChangeTemporaryPassword while the
 * resident is on a staff reset's temporary password unless `allowHeld` (the profile, the society
 * read and the password change).
 * A token let in from the cache is confirmed by the request's first query, as for staff
 * (modules/resident-auth `authenticate`).
 */
export function residentGuard(auth: ResidentAuthService, opts: ResidentGuardOptions = {}) {
  return async (req: FastifyRequest): Promise<void> => {
    req.resident = await auth.authenticate(req.headers.authorization, opts);
  };
}

/**
 * Registers (on the root instance) the last confirmation of a cached session: a request let in
 * from the cache whose work sent no query at all — so nothing confirmed its session (see
 * lib/request-context.ts `claimSession`) — has it checked before its answer leaves, one statement
 * on `db` (the main lane). A session that no longer holds gets the guard's refusal (401/403)
 * instead of the answer.
 */
export function confirmCachedSessions(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (_req, _reply, payload) => {
    const claim = pendingClaim();
    if (!claim) return payload;
    // `.then` inside carryingClaim: Drizzle sends a query when its `then` is called.
    await carryingClaim(() => db.execute(sql`select ${claim.check}`).then(() => undefined)).catch(async (err: unknown) => {
      throw await claim.failed(err);
    });
    claim.confirmed();
    return payload;
  });
}

/** The guarded caller; throws if a route forgot its guard (a programming error → 500). */
export function staffOf(req: FastifyRequest): StaffContext {
  if (!req.staff) throw new Error('staff guard missing on route');
  return req.staff;
}
export function residentOf(req: FastifyRequest): ResidentContext {
  if (!req.resident) throw new Error('resident guard missing on route');
  return req.resident;
}

/**
 * One guard per module: a module's staff routes are registered inside this plugin, whose
 * `onRequest` hook authenticates the session cookie and checks the sub-role for `module` (omit it
 * for routes any signed-in staff member may call, whose service checks more). A route added to the
 * plugin cannot be left unguarded by accident. Its POST/PUT/PATCH/DELETE requests must also come
 * from the app's own pages (`sameOriginWrites` route config, checked in lib/request-origin.ts).
 * @param parent the instance the guarded, encapsulated plugin is registered on
 * @param routes registers the routes on the guarded instance.
 */
export async function staffScope(parent: ZodApp, auth: AuthService, module: Module | readonly Module[] | undefined, routes: ScopeRoutes): Promise<void> {
  await parent.register(async (app) => {
    // Cookie-authenticated: writes must come from the app's own pages (lib/request-origin.ts,
    // whose hook in app.ts runs before this guard, so a foreign page gets 403 signed in or not).
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, sameOriginWrites: true };
    });
    app.addHook('onRequest', staffGuard(auth, module));
    await routes(app);
  });
}

/**
 * The resident API's counterpart of {@link staffScope}: every route requires the bearer token of an
 * approved resident on a password of their own (a Pending one gets 403 MSG.residentPending, one on
 * a temporary password 403 MSG.residentChangeTemporaryPassword).
 */
export async function residentScope(parent: ZodApp, residentAuth: ResidentAuthService, routes: ScopeRoutes): Promise<void> {
  await parent.register(async (app) => {
    app.addHook('onRequest', residentGuard(residentAuth));
    await routes(app);
  });
}

/**
 * The resident's account routes: like {@link residentScope}, but a Pending resident is let
 * in too, so the app can show the profile and register its push token while staff decide. Service
 * requests belong in `residentScope`. A resident on a temporary password is held here too.
 */
export async function residentAccountScope(parent: ZodApp, residentAuth: ResidentAuthService, routes: ScopeRoutes): Promise<void> {
  await parent.register(async (app) => {
    app.addHook('onRequest', residentGuard(residentAuth, { allowPending: true }));
    await routes(app);
  });
}

/**
 * What a resident on a staff reset's temporary password may still use, as `ownAccount` is for
 * staff: the routes the app needs to have them choose their own (profile, society, password
 * change). Like {@link residentAccountScope} otherwise (Pending let in, blocked refused).
 */
export async function residentOwnAccountScope(parent: ZodApp, residentAuth: ResidentAuthService, routes: ScopeRoutes): Promise<void> {
  await parent.register(async (app) => {
    app.addHook('onRequest', residentGuard(residentAuth, { allowPending: true, allowHeld: true }));
    await routes(app);
  });
}
