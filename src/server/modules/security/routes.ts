import { ZErrorBody, ZIdParams, ZResidentListQuery } from '../../../shared/contracts/common.js';
import { ZResidentAlarm, ZResidentAlarmList, toResidentAlarm } from '../../../shared/contracts/resident.js';
import {
  ZPendingAlarms,
  ZPendingAlarmsQuery,
  ZRaiseAlarm,
  ZSecurityAlert,
  ZSecurityDetail,
  ZSecurityList,
  ZSecurityListQuery,
  ZSecurityUpdate,
} from '../../../shared/contracts/security.js';
import { residentOf, residentScope, staffOf, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import { residentDocs, routeDocs } from '../../lib/route-docs.js';
import type { SecurityService } from './service.js';
import { batchQuery, exportRoute, type ExportDeps } from '../../lib/export-route.js';
import { securityExportColumns } from './export-columns.js';

const docs = routeDocs('security');

/** The alarm path is admitted even when the instance is saturated (plugins/admission.ts). */
const ALARM_PATH = { admission: 'always' } as const;

/** Security alarms: staff desk (button-one), alarm inbox and acknowledgement, resident SOS and own alarms. */
export const securityRoutes: ModuleRoutes<{
  security: SecurityService;
  /** Live count of security staff of a society connected now (presence). */
  presence: (societyId: number) => Promise<number>;
  exportDeps: ExportDeps;
}> = async (root, { auth, residentAuth, security, presence, exportDeps }) => {
  // The desk: button-one only.
  await staffScope(root, auth, 'security', (app) => {
    app.get('/api/security', {
      schema: docs('List alarms of a stage, 10 per page, newest first', { querystring: ZSecurityListQuery }, { 200: ZSecurityList }),
      handler: (req) => security.list(staffOf(req), req.query.stage, req.query),
    });
    exportRoute(app, '/api/security', exportDeps, {
      tag: 'security',
      querystring: ZSecurityListQuery,
      entity: 'security',
      name: (q) => `security-${q.stage}`,
      columns: securityExportColumns,
      filters: (q) => [['Stage', q.stage]],
      batch: (staff, q, after, size) => security.list(staff, q.stage, batchQuery(q, after, size)),
    });
    app.get('/api/security/:id', {
      schema: docs('One alarm with its history', { params: ZIdParams }, { 200: ZSecurityDetail }),
      handler: (req) => security.detail(staffOf(req), req.params.id),
    });
    app.put('/api/security/:id', {
      schema: docs(
        "Proceed with the staff's note (new → processing; acknowledges too) or submit a response (processing → completed)",
        { params: ZIdParams, body: ZSecurityUpdate },
        { 200: ZSecurityAlert },
      ),
      handler: (req) => {
        const staff = staffOf(req);
        const b = req.body;
        return b.action === 'proceed'
          ? security.proceedAlarm(staff, req.params.id, b.staffNote ?? b.securityComplain ?? '')
          : security.submit(staff, req.params.id, b.response);
      },
    });
  });

  // Alarm inbox and acknowledgement: any signed-in staff member; the service lets button-one and,
  // for escalated alarms, super-admin through (403 for the rest).
  await staffScope(root, auth, undefined, (app) => {
    // Keyset pages (?after=<id>), not ?page=: an alarm acknowledged between two page requests
    // would shift an offset page and hide another alarm from the screen's catch-up.
    app.get('/api/security/alarms', {
      config: ALARM_PATH,
      schema: docs(
        'Every unacknowledged alarm of the society (asked on sign-in and every reconnect), newest first, 100 per page; next page: ?after=<nextAfter> (?before=<nextBefore> still works for one release)',
        { querystring: ZPendingAlarmsQuery },
        { 200: ZPendingAlarms },
      ),
      handler: async (req) => {
        const staff = staffOf(req);
        // `before` is read as `after` for one release (its meaning before the shared list contract).
        const page = await security.pending(staff, { page: req.query.page, after: req.query.after ?? req.query.before });
        return { ...page, nextBefore: page.nextAfter, connectedSecurityStaff: await presence(staff.societyId) };
      },
    });

    app.post('/api/security/:id/acknowledge', {
      config: ALARM_PATH,
      schema: docs(
        'Acknowledge an alarm (closing its toast); recorded once, later calls return the record. Super-admin: escalated alarms only (403)',
        { params: ZIdParams },
        { 200: ZSecurityAlert },
      ),
      handler: (req) => security.acknowledge(staffOf(req), req.params.id),
    });
  });

  await residentScope(root, residentAuth, (app) => {
    app.post('/api/security', {
      config: ALARM_PATH,
      schema: residentDocs(
        "SOS: a resident raises a security alarm (stored, then announced); a press while their alarm is unacknowledged merges into it (pressCount). Answers the resident's own view of the alarm (ZResidentAlarm, as GET /api/resident/alarms/{id}); 429 beyond SOS_MAX_PRESSES_PER_MINUTE",
        { body: ZRaiseAlarm.nullish() },
        { 201: ZResidentAlarm, 429: ZErrorBody },
      ),
      // The resident's allowlist (ZResidentAlarm), not the desk's card: the press answer must not
      // carry what GET /api/resident/alarms/{id} hides (notHomeActive, ackSeconds, staffNote).
      handler: async (req, reply) => reply.code(201).send(toResidentAlarm(await security.file(residentOf(req), req.body?.securityComplain ?? ''))),
    });

    app.get('/api/resident/alarms', {
      schema: residentDocs(
        "The resident's own alarms, every stage, newest first, 10 per page (?page=, or the cursors after/before); without the desk's working fields (ZResidentAlarm)",
        { querystring: ZResidentListQuery },
        { 200: ZResidentAlarmList },
      ),
      // The resident's view of each alarm: an allowlist of fields (ZResidentAlarm), so no staff-only
      // field (the staff note, who acknowledged, response times) reaches the app.
      handler: async (req) => {
        const page = await security.mine(residentOf(req), req.query);
        return { ...page, items: page.items.map(toResidentAlarm) };
      },
    });
    app.get('/api/resident/alarms/:id', {
      schema: residentDocs(
        "One of the resident's own alarms, as the list shows it (ZResidentAlarm: what a push about it opens); 404 for any other id",
        { params: ZIdParams },
        { 200: ZResidentAlarm },
      ),
      handler: async (req) => toResidentAlarm(await security.mineOne(residentOf(req), req.params.id)),
    });
  });
};
