import { residentConsultationUpdated } from '../../../shared/contracts/resident-events.js';
import { onDesk, onOverdue, onResidentDesk } from '../../lib/events.js';
import { exportDepsOf } from '../../lib/export-route.js';
import type { ServerModule } from '../../lib/server-module.js';
import { moduleRoom, residentRoom } from '../../realtime/rooms.js';
import { doctorRoutes } from './routes.js';
import { doctorService } from './service.js';

/** Doctor: requests and their consultations (MEET_BASE_URL, MEET_ALLOWED_HOSTS); both go to staff of the 'doctor' module. */
export const doctorModule: ServerModule = {
  name: 'doctor',
  build: (deps) => {
    const { db, bus, outbox, clock, config, log, auth, residentAuth } = deps;
    const doctor = doctorService({ db, bus, outbox, clock, meetBaseUrl: config.MEET_BASE_URL, meetAllowedHosts: config.MEET_ALLOWED_HOSTS });
    return {
      routes: (app) => app.register(doctorRoutes, { auth, residentAuth, doctor, exportDeps: exportDepsOf(deps) }),
      listen: (to) => {
        onDesk(bus, 'doctor', (e) => to(moduleRoom(e.societyId, 'doctor')).emit(e.kind === 'created' ? 'receive-doctor' : 'doctor-updated', e.item));
        onDesk(bus, 'consultation', (e) => to(moduleRoom(e.societyId, 'doctor')).emit('consultation-updated', e.item));
        // Its resident hears the link made ('created'), the doctor ready and the prescription written.
        onResidentDesk(bus, 'consultation', (e) =>
          to(residentRoom(e.residentId)).emit('resident-consultation-updated', residentConsultationUpdated(e.item, e.kind === 'created')),
        );
        onOverdue(bus, 'doctor', (e) => doctor.reannounceOverdue(e.societyId, e.overdue.requestId, e.overdue.stage), log);
      },
    };
  },
};
