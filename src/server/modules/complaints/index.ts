import { deskService } from '../../desk/service.js';
import { onDesk } from '../../lib/events.js';
import type { ServerModule } from '../../lib/server-module.js';
import { moduleRoom } from '../../realtime/rooms.js';
import { complaintDesk } from './definition.js';
import { complaintRoutes } from './routes.js';

/** Complaints: the smallest desk. Its events go to staff of the 'complaints' module. */
export const complaintsModule: ServerModule = {
  name: 'complaints',
  build: ({ db, bus, outbox, clock, auth, residentAuth }) => {
    const complaints = deskService(complaintDesk, { db, bus, outbox, clock });
    return {
      routes: (app) => app.register(complaintRoutes, { auth, residentAuth, complaints }),
      listen: (to) =>
        onDesk(bus, 'complaint', (e) => to(moduleRoom(e.societyId, 'complaints')).emit(e.kind === 'created' ? 'receive-complain' : 'complain-updated', e.item)),
    };
  },
};
