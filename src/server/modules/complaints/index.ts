import { deskService } from '../../desk/service.js';
import { residentComplaintUpdated } from '../../../shared/contracts/resident-events.js';
import { onDesk, onOverdue, onResidentDesk } from '../../lib/events.js';
import { exportDepsOf } from '../../lib/export-route.js';
import type { ServerModule } from '../../lib/server-module.js';
import { moduleRoom, residentRoom } from '../../realtime/rooms.js';
import { complaintDesk } from './definition.js';
import { complaintRoutes } from './routes.js';

/** Complaints: the smallest desk. Its events go to staff of the 'complaints' module; a stage change to its resident too. */
export const complaintsModule: ServerModule = {
  name: 'complaints',
  build: (deps) => {
    const { db, bus, outbox, clock, log, auth, residentAuth } = deps;
    const complaints = deskService(complaintDesk, { db, bus, outbox, clock });
    return {
      routes: (app) => app.register(complaintRoutes, { auth, residentAuth, complaints, exportDeps: exportDepsOf(deps) }),
      listen: (to) => {
        onDesk(bus, 'complaint', (e) => to(moduleRoom(e.societyId, 'complaints')).emit(e.kind === 'created' ? 'receive-complain' : 'complain-updated', e.item));
        onResidentDesk(bus, 'complaint', (e) => {
          if (e.kind === 'updated') to(residentRoom(e.residentId)).emit('resident-complaint-updated', residentComplaintUpdated(e.item));
        });
        onOverdue(bus, 'complaint', (e) => complaints.reannounce(e.societyId, e.overdue.requestId), log);
      },
    };
  },
};
