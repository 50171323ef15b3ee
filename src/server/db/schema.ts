/**
 * The one database schema, shared by PGlite and PostgreSQL (drizzle-kit generates ./drizzle from
 * it). Every society-owned row carries `society_id`; every staff query filters on it.
 *
 * The tables live in ./schema/, one file per area; this module gathers them, so the app
 * (`drizzle(pool, { schema })`), the repos and drizzle-kit see one schema.
 */
export * from './schema/accounts.js';
export * from './schema/requests.js';
export * from './schema/messaging.js';
export * from './schema/billing.js';
export * from './schema/content.js';
export * from './schema/oversight.js';
