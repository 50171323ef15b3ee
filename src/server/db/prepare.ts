/**
 * What every start does to its database before serving: apply pending migrations and,
 * outside production, load the demo data into an empty database — under the start-up lock
 * (`Database.exclusive`), so instances starting together take turns: one migrates and seeds, the
 * next finds the work done.
 */
import type { Database } from './client.js';
import type { MediaStorage } from '../modules/media/storage.js';
import { isDatabaseEmpty, seedDemo } from '../seed/demo.js';

/**
 * @param opts.demo  load the demo data when the database is empty (never in production): the
 *   societies, staff, residents and requests, and a few months of the residents' bills
 * @param opts.media where the demo posts' pictures go (the server's media storage); without it the
 *   demo has no feed, discount, plot or announcement posts (the API tests' databases)
 * @returns true when the demo data was loaded by this call
 * @throws what the migration or the seed throws (the lock is released either way)
 */
export async function prepareDatabase(database: Database, opts: { demo: boolean; media?: MediaStorage }): Promise<boolean> {
  return database.exclusive(async () => {
    await database.migrate();
    if (!opts.demo || !(await isDatabaseEmpty(database.db))) return false;
    await seedDemo(database.db);
    await (await import('../seed/demo-bills.js')).seedDemoBills(database.db);
    if (opts.media) await (await import('../seed/demo-content.js')).seedDemoContent(database.db, opts.media);
    return true;
  });
}
