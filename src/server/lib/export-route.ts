/**
 * `GET <list URL>/export`: a staff list as an .xlsx file (spec deviation 89). Registered by the
 * list's routes inside the list's own `staffScope`, with the list's own query schema, so the
 * export is guarded, validated and filtered exactly as the list is (a bad field is a 400 naming
 * it, before anything is counted or read). Then, in order: the per-staff-member rate limit
 * (EXPORT_MAX_PER_MINUTE, 429), the society's time zone (read once here), the runner
 * (lib/list-export.ts: batches in short transactions, the file written in a worker thread), one
 * audit row (action 'export'), and the file.
 */
import type { ZodType } from 'zod';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { inSociety } from '../db/society-scope.js';
import { recordAudit, staffActor } from '../modules/audit/service.js';
import { staffOf, type ZodApp } from '../plugins/auth.js';
import type { StaffContext } from './caller-context.js';
import type { Clock } from './clock.js';
import type { ExportBatch, ExportColumn, ExportRunner } from './list-export.js';
import type { Limit } from './rate-limit/limit.js';
import type { SharedDeps } from './server-module.js';
import { routeDocs } from './route-docs.js';
import { ZErrorBody } from '../../shared/contracts/common.js';
import { societyTimeZone } from './society-time-zone.js';

/** The content type of an .xlsx file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The 200 answer: the file's bytes, sent as they are (Fastify never serializes a Buffer). */
const ZFile = z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe('The .xlsx file (binary)');

/** What every export route needs from the app. */
export interface ExportDeps {
  db: Db;
  clock: Clock;
  exports: ExportRunner;
  /** AppLimits.exports: per staff member per minute. */
  limit: Limit;
}

/** The {@link ExportDeps} of an app, from the modules' shared dependencies. */
export function exportDepsOf(deps: Pick<SharedDeps, 'db' | 'clock' | 'exports' | 'limits'>): ExportDeps {
  return { db: deps.db, clock: deps.clock, exports: deps.exports, limit: deps.limits.exports };
}

/** One list's export. `S` is the list's query schema, `P` its path parameters' (if any); `Row` the DTO its table shows. */
export interface ExportRouteOptions<S extends ZodType, Row, P extends ZodType = ZodType<Record<string, never>>> {
  /** The OpenAPI tag of the list's routes. */
  tag: string;
  /** The list's own query schema (page and cursors are accepted and ignored). */
  querystring: S;
  /** The schema of the list path's parameters, when it has some (e.g. /api/reports/:desk). */
  params?: P;
  /** The audited entity (AUDIT_ENTITY_MODULES' key, e.g. 'complaint'). */
  entity: string;
  /** What the list is, for the summary, the file name and the About sheet, e.g. 'complaints' (lower case, no spaces: also the file name's start). */
  name: string | ((q: z.output<S>, params: z.output<P>) => string);
  /** The columns, in the web table's order and wording (or chosen by the query, as a report's figure). */
  columns: readonly ExportColumn<Row>[] | ((q: z.output<S>) => readonly ExportColumn<Row>[]);
  /** The About sheet's rows of the query's filters (the search is added for every list). */
  filters?(q: z.output<S>): [string, string][];
  /** One batch: the list's own page (`size` rows older than `after`), its service's own transaction. */
  batch(staff: StaffContext, q: z.output<S>, after: number | undefined, size: number, params: z.output<P>): Promise<ExportBatch<Row>>;
}

/** `YYYY-MM-DD` and `DD/MM/YYYY h:mm AM/PM` of `at` in `timeZone`. */
function localStamp(at: Date, timeZone: string): { day: string; text: string } {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  const text = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'short', timeStyle: 'short', hour12: true }).format(at);
  return { day, text };
}

/**
 * The list query `q` as one export batch: `size` rows older than `after` (undefined: from the
 * top). The services hand their query to `listPage` as its request, which reads `size`
 * (PageRequest.size), so each batch is the list's own page query, only longer.
 */
export function batchQuery<Q extends object>(
  q: Q,
  after: number | undefined,
  size: number,
): Q & { page: number; after?: number; before?: undefined; size: number } {
  return { ...q, page: 1, after, before: undefined, size };
}

/** The list query's search text (`q`), '' when it has none. */
function searchOf(q: unknown): string {
  return typeof q === 'object' && q !== null && 'q' in q && typeof q.q === 'string' ? q.q : '';
}

/**
 * Registers `GET ${listPath}/export` on `app` (the list's staffScope). A static `/export` wins
 * over a `/:id` route in find-my-way, so it is never read as an id. Answers 200 with the file
 * (headers `Content-Disposition: attachment; filename="<name>-<YYYY-MM-DD>.xlsx"`, `X-Export-Rows`,
 * `X-Export-Truncated: 1` when cut at EXPORT_MAX_ROWS, `Cache-Control: no-store`); 400 for bad
 * input, 429 past the rate limit or when the writers are busy, 503 when the writer fails.
 */
export function exportRoute<S extends ZodType, Row, P extends ZodType = ZodType<Record<string, never>>>(
  app: ZodApp,
  listPath: string,
  deps: ExportDeps,
  opts: ExportRouteOptions<S, Row, P>,
): void {
  const docs = routeDocs(opts.tag);
  const label = typeof opts.name === 'string' ? opts.name : 'the list';
  app.get(`${listPath}/export`, {
    schema: docs(
      `The list (${label}) as an .xlsx file with the list's own search and filters: every page, newest first, up to EXPORT_MAX_ROWS rows (then the newest, with \`X-Export-Truncated: 1\`); audited; EXPORT_MAX_PER_MINUTE per staff member`,
      { querystring: opts.querystring, ...(opts.params ? { params: opts.params } : {}) },
      { 200: ZFile, 429: ZErrorBody, 503: ZErrorBody },
    ),
    preHandler: async (req) => deps.limit.take(staffOf(req).id),
    handler: async (req, reply) => {
      const staff = staffOf(req);
      // The list's schema parsed it; its generic output type is lost in the route's inference.
      const q = req.query as z.output<S>;
      const params = req.params as z.output<P>;
      const name = typeof opts.name === 'string' ? opts.name : opts.name(q, params);
      const timeZone = await inSociety(deps.db, staff.societyId, (tx) => societyTimeZone(tx, staff.societyId));
      const at = deps.clock.now();
      const stamp = localStamp(at, timeZone);
      const search = searchOf(q);
      const result = await deps.exports.run<Row>({
        sheetName: name.slice(0, 31),
        columns: typeof opts.columns === 'function' ? opts.columns(q) : opts.columns,
        batch: (after, size) => opts.batch(staff, q, after, size, params),
        timeZone,
        about: [
          ['List', name],
          ['Search', search || '(none)'],
          ...(opts.filters?.(q) ?? []),
          ['Society', staff.societyName],
          ['Exported by', staff.name],
          ['Exported at', `${stamp.text} (${timeZone})`],
        ],
      });
      const queryText = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      await inSociety(deps.db, staff.societyId, (tx) =>
        recordAudit(tx, {
          ...staffActor(staff),
          entity: opts.entity,
          entityId: 0,
          action: 'export',
          // The path and query as sent (bounded by the list's own query limits), and what came out.
          detail: `${listPath}/export${queryText} → ${result.rows} rows${result.truncated ? ' (truncated)' : ''}`.slice(0, 1000),
          at,
        }),
      );
      void reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', `attachment; filename="${name}-${stamp.day}.xlsx"`)
        .header('X-Export-Rows', String(result.rows))
        .header('Cache-Control', 'no-store');
      if (result.truncated) void reply.header('X-Export-Truncated', '1');
      return reply.send(result.file);
    },
  });
}
