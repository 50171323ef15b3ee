import { onDesk } from '../../lib/events.js';
import { intervalJob } from '../../lib/interval-job.js';
import type { ServerModule } from '../../lib/server-module.js';
import { alarmRooms, moduleRoom } from '../../realtime/rooms.js';
import { securityRoutes } from './routes.js';
import { securityService } from './service.js';

/**
 * Security alarms: the desk on the alarm lane (the SOS press's guard too), the escalation job, and
 * the alarm events: to button-one staff, and to super-admin once an alarm is escalated.
 */
export const securityModule: ServerModule = {
  name: 'security',
  build: ({ db, database, bus, outbox, clock, limits, metrics, config, log, auth, alarmResidentAuth, realtime }) => {
    const security = securityService({ db, alarmDb: database.alarmDb, bus, outbox, clock, pressLimit: limits.sosPresses, metrics });
    return {
      routes: (app) => app.register(securityRoutes, { auth, residentAuth: alarmResidentAuth, security, presence: realtime.securityPresence }),
      jobs: { escalation: intervalJob('escalation', config.ESCALATE_CHECK_MS, () => security.escalateDue(config.ESCALATE_AFTER_S), log, metrics) },
      listen: (to) => {
        onDesk(bus, 'security', (e) => {
          const room = moduleRoom(e.societyId, 'security');
          if (e.kind === 'created') to(room).emit('receive-security', e.item);
          else if (e.kind === 'updated') to(room).emit('security-updated', e.item);
          // A press merged into the open alarm. Super-admin hears an alarm only once it is
          // escalated (receivesAlarms), so a merged press too.
          else to(e.item.escalated ? alarmRooms(e.societyId) : room).emit('security-pressed', e.item);
        });
        bus.on('alarm.acknowledged', (e) => to(alarmRooms(e.societyId)).emit('security-acknowledged', e.ack));
        bus.on('alarm.escalated', (e) => to(alarmRooms(e.societyId)).emit('security-escalated', e.item));
      },
      exposes: { security },
    };
  },
};
