import { intervalJob } from '../../lib/interval-job.js';
import type { ServerModule } from '../../lib/server-module.js';
import { moduleRoom } from '../../realtime/rooms.js';
import { notHomeRoutes } from './routes.js';
import { notHomeService } from './service.js';

/** Not at home: requests, guard assignment, the arrival job; its events go to the 'notHome' module's staff. */
export const notHomeModule: ServerModule = {
  name: 'not-home',
  build: ({ db, bus, outbox, clock, config, log, metrics, auth, residentAuth }) => {
    const notHome = notHomeService({ db, bus, outbox, clock });
    return {
      routes: (app) => app.register(notHomeRoutes, { auth, residentAuth, notHome }),
      jobs: { arrival: intervalJob('arrival', config.ARRIVAL_CHECK_MS, () => notHome.arriveDue(), log, metrics) },
      listen: (to) => {
        bus.on('notHome.created', (e) => to(moduleRoom(e.societyId, 'notHome')).emit('receive-not-at-home', e.item));
        bus.on('notHome.updated', (e) => to(moduleRoom(e.societyId, 'notHome')).emit('not-at-home-updated', e.item));
      },
      exposes: { notHome },
    };
  },
};
