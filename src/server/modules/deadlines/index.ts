import type { DeadlineDesk } from '../../../shared/contracts/deadlines.js';
import type { Module } from '../../../shared/subroles.js';
import { intervalJob } from '../../lib/interval-job.js';
import type { ServerModule } from '../../lib/server-module.js';
import { moduleRoom, subRoleRoom } from '../../realtime/rooms.js';
import { deadlineJob } from './job.js';
import { deadlinesRoutes } from './routes.js';
import { deadlinesService } from './service.js';

/** The staff module each deadline desk's items belong to (its room). */
const DESK_MODULE: Record<DeadlineDesk, Module> = { complaint: 'complaints', grocery: 'grocery', doctor: 'doctor' };

/**
 * Deadlines: super-admin's settings (/Deadlines), the job escalating overdue items once each
 * (DEADLINE_CHECK_MS), and 'overdue-raised' to the desk's staff and super-admin. The desks
 * themselves re-announce the item (with its `overdueSince`) on the same domain event.
 */
export const deadlinesModule: ServerModule = {
  name: 'deadlines',
  build: ({ db, bus, clock, outbox, config, log, metrics, auth }) => {
    const deadlines = deadlinesService({ db, clock });
    const escalateOverdue = deadlineJob({ db, bus, clock, outbox });
    return {
      routes: (app) => app.register(deadlinesRoutes, { auth, deadlines }),
      jobs: { deadlines: intervalJob('deadlines', config.DEADLINE_CHECK_MS, escalateOverdue, log, metrics) },
      listen: (to) => {
        bus.on('deadline.overdue', (e) =>
          to([moduleRoom(e.societyId, DESK_MODULE[e.overdue.desk]), subRoleRoom(e.societyId, 'super-admin')]).emit('overdue-raised', e.overdue),
        );
      },
    };
  },
};
