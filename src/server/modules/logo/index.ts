import type { ServerModule } from '../../lib/server-module.js';
import { societyRoom } from '../../realtime/rooms.js';
import { logoRoutes } from './routes.js';
import { logoService } from './service.js';

/** The society's logo: a change goes to every staff screen of the society (each shows it in its header). */
export const logoModule: ServerModule = {
  name: 'logo',
  build: ({ db, clock, bus, auth, residentAuth }) => ({
    routes: (app) => app.register(logoRoutes, { auth, residentAuth, logo: logoService({ db, clock, bus }) }),
    listen: (to) => bus.on('society.logo', (e) => to(societyRoom(e.societyId)).emit('society:logo', { logoUrl: e.logoUrl })),
  }),
};
