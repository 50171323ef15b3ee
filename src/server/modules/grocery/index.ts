import { onDesk } from '../../lib/events.js';
import type { ServerModule } from '../../lib/server-module.js';
import { moduleRoom } from '../../realtime/rooms.js';
import { groceryRoutes } from './routes.js';
import { groceryService } from './service.js';

/** Grocery: requests and their orders; both go to staff of the 'grocery' module. */
export const groceryModule: ServerModule = {
  name: 'grocery',
  build: ({ db, bus, outbox, clock, auth, residentAuth }) => {
    const grocery = groceryService({ db, bus, outbox, clock });
    return {
      routes: (app) => app.register(groceryRoutes, { auth, residentAuth, grocery }),
      listen: (to) => {
        onDesk(bus, 'grocery', (e) => to(moduleRoom(e.societyId, 'grocery')).emit(e.kind === 'created' ? 'receive-grocery' : 'grocery-updated', e.item));
        onDesk(bus, 'order', (e) => to(moduleRoom(e.societyId, 'grocery')).emit('order-updated', e.item));
      },
    };
  },
};
