import { residentOrderUpdated } from '../../../shared/contracts/resident-events.js';
import { onDesk, onOverdue, onResidentDesk } from '../../lib/events.js';
import { exportDepsOf } from '../../lib/export-route.js';
import type { ServerModule } from '../../lib/server-module.js';
import { moduleRoom, residentRoom } from '../../realtime/rooms.js';
import { groceryRoutes } from './routes.js';
import { groceryService } from './service.js';

/** Grocery: requests and their orders; both go to staff of the 'grocery' module, an order's changes to its resident too. */
export const groceryModule: ServerModule = {
  name: 'grocery',
  build: (deps) => {
    const { db, bus, outbox, clock, log, auth, residentAuth } = deps;
    const grocery = groceryService({ db, bus, outbox, clock });
    return {
      routes: (app) => app.register(groceryRoutes, { auth, residentAuth, grocery, exportDeps: exportDepsOf(deps) }),
      listen: (to) => {
        onDesk(bus, 'grocery', (e) => to(moduleRoom(e.societyId, 'grocery')).emit(e.kind === 'created' ? 'receive-grocery' : 'grocery-updated', e.item));
        onDesk(bus, 'order', (e) => to(moduleRoom(e.societyId, 'grocery')).emit('order-updated', e.item));
        // Its resident hears the order placed ('created'), updated and delivered.
        onResidentDesk(bus, 'order', (e) => to(residentRoom(e.residentId)).emit('resident-order-updated', residentOrderUpdated(e.item, e.kind === 'created')));
        onOverdue(bus, 'grocery', (e) => grocery.reannounceOverdue(e.societyId, e.overdue.requestId, e.overdue.stage), log);
      },
    };
  },
};
