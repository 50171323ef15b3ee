import { intervalJob } from '../../lib/interval-job.js';
import type { ServerModule } from '../../lib/server-module.js';
import { purgeService } from './purge.js';
import { maintenanceRepo } from './repo.js';

/**
 * The purge job (every PURGE_CHECK_MS and at start-up): sent pushes past OUTBOX_RETENTION_DAYS,
 * expired sessions and sign-in windows; then the database's upkeep (Database.maintain). The
 * statistics job (every STATISTICS_CHECK_MS, PostgreSQL only): the same upkeep, which there is
 * cheap when nothing is due, so rows filed in a burst get statistics within a minute.
 */
export const maintenanceModule: ServerModule = {
  name: 'maintenance',
  build: ({ db, database, clock, config, log, metrics }) => {
    const purge = purgeService({
      repo: maintenanceRepo(db),
      clock,
      retentionDays: config.OUTBOX_RETENTION_DAYS,
      log,
      loginWindowMs: config.LOGIN_WINDOW_S * 1000,
    });
    const purgeAndMaintain = async () => {
      await purge.purgeOnce();
      await database.maintain();
    };
    // The embedded database's upkeep is a whole VACUUM ANALYZE: the purge job's pace only.
    const statistics = async () => (database.kind === 'postgres' ? database.maintain() : []);
    return {
      jobs: {
        purge: intervalJob('purge', config.PURGE_CHECK_MS, purgeAndMaintain, log, metrics),
        statistics: intervalJob('statistics', config.STATISTICS_CHECK_MS, statistics, log, metrics),
      },
    };
  },
};
