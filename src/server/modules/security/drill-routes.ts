import { z } from 'zod';
import { ZErrorBody, ZIdParams } from '../../../shared/contracts/common.js';
import { ZDrill, ZDrillList, ZDrillListQuery, ZDrillRang, ZDrillReport } from '../../../shared/contracts/drills.js';
import { deviceName } from '../../lib/device-name.js';
import { routeDocs } from '../../lib/route-docs.js';
import { staffOf, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import type { DrillService } from './drills.js';

const docs = routeDocs('security');

/**
 * SOS drills. Button-one (module 'security') and super-admin (who has no /Security menu) both run
 * them, so the guard admits any signed-in staff member and the service checks `mayRunDrills`
 * (403 for the rest).
 */
export const drillRoutes: ModuleRoutes<{ drills: DrillService }> = async (root, { auth, drills }) => {
  await staffScope(root, auth, undefined, (app) => {
    app.post('/api/security/drills', {
      schema: docs(
        "Start an SOS drill: a practice alarm on the society's drill resident, sent to every button-one screen and escalated like any alarm; acknowledging it ends the drill. 409 while one runs",
        {},
        { 201: ZDrill, 409: ZErrorBody },
      ),
      handler: async (req, reply) => reply.code(201).send(await drills.start(staffOf(req))),
    });
    app.get('/api/security/drills', {
      schema: docs("The society's drills, newest first, 10 per page", { querystring: ZDrillListQuery }, { 200: ZDrillList }),
      handler: (req) => drills.list(staffOf(req), req.query),
    });
    app.get('/api/security/drills/:id', {
      schema: docs(
        "A drill's report: security staff connected at its start, each screen's time to ring, escalation, who acknowledged and when, a timeline",
        { params: ZIdParams },
        { 200: ZDrillReport },
      ),
      handler: (req) => drills.report(staffOf(req), req.params.id),
    });
    app.post('/api/security/drills/:id/rang', {
      schema: docs(
        'A screen (browser tab) reports its siren playing for the drill, ringMs after the alarm reached it; recorded once per screen, with the browser and system its User-Agent names. 409 once the drill ended',
        { params: ZIdParams, body: ZDrillRang },
        { 204: z.null(), 409: ZErrorBody },
      ),
      handler: async (req, reply) => {
        await drills.rang(staffOf(req), req.params.id, req.body, deviceName(req.headers['user-agent']));
        return reply.code(204).send(null);
      },
    });
    app.post('/api/security/drills/:id/end', {
      schema: docs('End a drill (acknowledging its alarm if nobody did); ending an ended drill returns it', { params: ZIdParams }, { 200: ZDrill }),
      handler: (req) => drills.end(staffOf(req), req.params.id),
    });
  });
};
