import { residentAlarmAcknowledged, residentAlarmEscalated, residentAlarmUpdated } from '../../../shared/contracts/resident-events.js';
import { onDesk, onResidentDesk } from '../../lib/events.js';
import { intervalJob } from '../../lib/interval-job.js';
import { exportDepsOf } from '../../lib/export-route.js';
import type { ServerModule } from '../../lib/server-module.js';
import { alarmRooms, moduleRoom, residentRoom } from '../../realtime/rooms.js';
import { drillRoutes } from './drill-routes.js';
import { drillService } from './drills.js';
import { securityRoutes } from './routes.js';
import { securityService } from './service.js';

/**
 * Security alarms: the desk on the alarm lane (the SOS press's guard too), the escalation job, and
 * the alarm events: to button-one staff, to super-admin once an alarm is escalated, and to the
 * resident who pressed (acknowledged, escalated, stage changes); and SOS
 * drills (practice alarms on the drill resident through the same path).
 */
export const securityModule: ServerModule = {
  name: 'security',
  build: (deps) => {
    const { db, database, bus, outbox, clock, limits, metrics, config, log, auth, residentAuth, alarmResidentAuth, realtime } = deps;
    const security = securityService({ db, alarmDb: database.alarmDb, bus, outbox, clock, pressLimit: limits.sosPresses, metrics });
    const drills = drillService({ db, alarmDb: database.alarmDb, clock, security, presence: realtime.securityPresence });
    // Acknowledging a drill's alarm (toast, Proceed) ends the drill. After the acknowledgement
    // committed and went out: a failure here is
    // repaired by the next start (endAcknowledged runs there too) or the End button.
    bus.on('alarm.acknowledged', (e) => {
      if (e.drillId !== undefined) void drills.endAcknowledged(e.societyId).catch((err: unknown) => log.error({ err }, 'ending a drill failed'));
    });
    return {
      routes: async (app) => {
        await app.register(securityRoutes, {
          auth,
          residentAuth: alarmResidentAuth,
          security,
          presence: realtime.securityPresence,
          exportDeps: exportDepsOf(deps),
        });
        await app.register(drillRoutes, { auth, residentAuth, drills });
      },
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
        // The resident who pressed hears their own alarm's life (never a drill's: no person pressed it).
        onResidentDesk(bus, 'security', (e) => {
          if (e.kind === 'updated') to(residentRoom(e.residentId)).emit('resident-alarm-updated', residentAlarmUpdated(e.item));
        });
        bus.on('alarm.acknowledged', (e) => {
          if (e.drillId === undefined) to(residentRoom(e.residentId)).emit('resident-alarm-acknowledged', residentAlarmAcknowledged(e.ack));
        });
        bus.on('alarm.escalated', (e) => {
          if (!e.item.drill) to(residentRoom(e.residentId)).emit('resident-alarm-escalated', residentAlarmEscalated(e.item));
        });
      },
      exposes: { security },
    };
  },
};
