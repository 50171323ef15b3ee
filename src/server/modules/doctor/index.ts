import { onDesk } from '../../lib/events.js';
import type { ServerModule } from '../../lib/server-module.js';
import { moduleRoom } from '../../realtime/rooms.js';
import { doctorRoutes } from './routes.js';
import { doctorService } from './service.js';

/** Doctor: requests and their consultations (MEET_BASE_URL, MEET_ALLOWED_HOSTS); both go to staff of the 'doctor' module. */
export const doctorModule: ServerModule = {
  name: 'doctor',
  build: ({ db, bus, outbox, clock, config, auth, residentAuth }) => {
    const doctor = doctorService({ db, bus, outbox, clock, meetBaseUrl: config.MEET_BASE_URL, meetAllowedHosts: config.MEET_ALLOWED_HOSTS });
    return {
      routes: (app) => app.register(doctorRoutes, { auth, residentAuth, doctor }),
      listen: (to) => {
        onDesk(bus, 'doctor', (e) => to(moduleRoom(e.societyId, 'doctor')).emit(e.kind === 'created' ? 'receive-doctor' : 'doctor-updated', e.item));
        onDesk(bus, 'consultation', (e) => to(moduleRoom(e.societyId, 'doctor')).emit('consultation-updated', e.item));
      },
    };
  },
};
