import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZReport, ZReportDesk, ZReportExportQuery, ZReportQuery } from '../../../shared/contracts/reports.js';
import { MSG } from '../../../shared/messages.js';
import { BadRequestError } from '../../lib/errors.js';
import { exportRoute, type ExportDeps } from '../../lib/export-route.js';
import type { ExportColumn } from '../../lib/list-export.js';
import { routeDocs } from '../../lib/route-docs.js';
import { staffOf, staffScope } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { ReportsService } from './service.js';
import { FIGURE_COLUMNS, figureOfDesk, figureSheet, type FigureSheet } from './figure-sheet.js';

type SheetRow = FigureSheet['rows'][number];

const docs = routeDocs('reports');

/**
 * /Reports (module 'reports': the desks' staff and super-admin): one desk's figures over a period,
 * and one figure's numbers as .xlsx through the list exports' runner (limited and audited as
 * every export is, entity 'report').
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; reports: ReportsService; exportDeps: ExportDeps }> = async (
  root,
  { auth, reports, exportDeps },
) => {
  await staffScope(root, auth, 'reports', (app) => {
    app.get('/api/reports/:desk', {
      schema: docs(
        "One desk's figures over a period in the society's time zone: volume by day and stage and by hour × weekday, speed (p50/p90/max and a histogram), security (alarms without drills, not-at-home), grocery per day, staff, overdue. `period` today, 7d (default), 30d or custom with the days `from`–`to` (at most 366, not after today). 403 for a desk that is not the caller's",
        { params: z.object({ desk: ZReportDesk }), querystring: ZReportQuery },
        { 200: ZReport },
      ),
      handler: (req) => reports.report(staffOf(req), req.params.desk, req.query),
    });

    exportRoute(app, '/api/reports/:desk', exportDeps, {
      tag: 'reports',
      params: z.object({ desk: ZReportDesk }),
      querystring: ZReportExportQuery,
      entity: 'report',
      name: (q, p) => `report-${p.desk}-${q.figure.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
      columns: (q) => FIGURE_COLUMNS[q.figure].map((c, i): ExportColumn<SheetRow> => ({ title: c.title, format: c.type, value: (row) => row[i] })),
      filters: (q) => [
        ['Figure', q.figure],
        ['Period', q.period === 'custom' ? `${q.from} to ${q.to}` : q.period],
      ],
      // A figure is a few hundred rows at most: one batch, computed as the report is (its gate included).
      // A figure the desk has not is refused before the report is computed (which may build its rollup).
      batch: async (staff, q, _after, _size, p) => {
        const sheet = figureOfDesk(p.desk, q.figure) ? figureSheet(await reports.report(staff, p.desk, q), q.figure) : null;
        if (!sheet) throw new BadRequestError(MSG.reportFigureNotForDesk, 'figure');
        return { items: sheet.rows, nextAfter: null };
      },
    });
  });
};
