import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  MAX_IMPORT_BYTES,
  ZBill,
  ZBillList,
  ZBillListQuery,
  ZBillResidentList,
  ZBillResidentQuery,
  ZCreateBill,
  ZImportCommitResult,
  ZImportParams,
  ZImportPreview,
  ZResidentBill,
  ZResidentBillList,
} from '../../../shared/contracts/billing.js';
import { ZErrorBody, ZIdParams, ZResidentListQuery } from '../../../shared/contracts/common.js';
import { MSG } from '../../../shared/messages.js';
import { BadRequestError } from '../../lib/errors.js';
import type { Limit } from '../../lib/rate-limit/limit.js';
import { withUploadedFile, type UploadRules } from '../../lib/upload-file.js';
import { residentOf, residentScope, staffOf, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import type { BillingService } from './service.js';
import { residentDocs, routeDocs } from '../../lib/route-docs.js';
import { batchQuery, exportRoute, type ExportDeps } from '../../lib/export-route.js';
import { billExportColumns } from './export-columns.js';

interface Opts {
  billing: BillingService;
  /** Longest time (ms) a spreadsheet upload may take, its body included. */
  uploadTimeoutMs: number;
  /** Spreadsheet imports per staff member (subject: staff id), counted before the file is read: BILL_MAX_IMPORTS_PER_MINUTE. */
  imports: Limit;
  /** Folder for uploads while they arrive (lib/upload-file.ts, uploadTempDir(DATA_DIR)). */
  uploadDir: string;
  /** The list export's dependencies (GET /api/bills/export). */
  exportDeps: ExportDeps;
}

const docs = routeDocs('billing');

/**
 * The upload of `POST /api/bills/import` (lib/upload-file.ts): the one file (field `file`),
 * streamed to a temp file in `dir`, and the optional `period` field.
 * Refusals: 400 (field `file`) not multipart, no file, larger than MAX_IMPORT_BYTES (10 MB),
 * malformed; the temp file is deleted on each.
 */
const importUpload = (dir: string): UploadRules => ({
  dir,
  maxBytes: MAX_IMPORT_BYTES,
  noFile: () => new BadRequestError(MSG.billImportNoFile, 'file'),
  tooLarge: () => new BadRequestError(MSG.billImportTooLarge, 'file'),
  fields: ['period'],
});

/**
 * /Billing (spec sections 2, 3, 5, 8, 9), module 'billing' (sub-roles billing and
 * super-admin): resident search, manual bills, the society's bills, and the spreadsheet import
 * (multipart upload → preview → commit); and the resident API's own bills.
 */
export const billingRoutes: ModuleRoutes<Opts> = async (root, { auth, residentAuth, billing, imports, uploadTimeoutMs, uploadDir, exportDeps }) => {
  const upload = importUpload(uploadDir);
  await staffScope(root, auth, 'billing', async (app) => {
    // Only this plugin takes multipart bodies; the file is streamed to a temp file (at most 10 MB), never held in memory.
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });

    app.get('/api/bills/residents', {
      schema: docs(
        'Residents whose full name starts with `q` (case-insensitive; `name` still read for one release), 10 per page',
        { querystring: ZBillResidentQuery },
        { 200: ZBillResidentList },
      ),
      handler: (req) => billing.searchResidents(staffOf(req), req.query.q, req.query),
    });

    app.get('/api/bills', {
      schema: docs("The society's bills, newest first, 10 per page (optionally of one period YYYY-MM)", { querystring: ZBillListQuery }, { 200: ZBillList }),
      handler: (req) => billing.list(staffOf(req), req.query.period, req.query),
    });
    exportRoute(app, '/api/bills', exportDeps, {
      tag: 'billing',
      querystring: ZBillListQuery,
      entity: 'bill',
      name: 'bills',
      columns: billExportColumns,
      filters: (q) => (q.period ? [['Period', q.period]] : []),
      batch: (staff, q, after, size) => billing.list(staff, q.period, batchQuery(q, after, size)),
    });

    app.post('/api/bills', {
      schema: docs(
        'One bill: total = rate × units (server-computed, 2 decimals); period defaults to this month; a second bill for the resident and period → 409',
        { body: ZCreateBill },
        { 201: ZBill },
      ),
      handler: async (req, reply) => reply.code(201).send(await billing.create(staffOf(req), req.body)),
    });

    // The answer is UTF-8 JSON made in the parse worker (ZImportPreview's shape, which the schema
    // still documents): checking 20,000 rows against the response schema took ~200 ms of the
    // request thread. So the route's reply is those bytes, a stream Fastify sends unserialized.
    app.post<{ Reply: Readable }>('/api/bills/import', {
      handlerTimeout: uploadTimeoutMs,
      schema: docs(
        'Upload a spreadsheet (.xlsx/.xls, multipart field `file`, optional field `period`): Sheet1 rows matched to residents by address; a preview, nothing billed yet; 429 beyond BILL_MAX_IMPORTS_PER_MINUTE',
        { consumes: ['multipart/form-data'] },
        { 200: ZImportPreview, 429: ZErrorBody },
      ),
      preHandler: async (req) => imports.take(staffOf(req).id),
      handler: async (req, reply) => {
        // The worker reads the temp file by its path; the file is deleted before the answer, on
        // a refusal or a time limit too, and when the client has gone (withUploadedFile's finally).
        const preview = await withUploadedFile(req, upload, (file) => billing.previewImport(staffOf(req), file.path, file.fields.period));
        // The parts are sent as they are: joined, the worker's megabytes would be copied once more.
        const length = preview.body.reduce((n, part) => n + part.byteLength, 0);
        return reply.type('application/json; charset=utf-8').header('content-length', length).send(Readable.from(preview.body));
      },
    });

    app.post('/api/bills/import/:importId/commit', {
      schema: docs(
        "Create the import's matched bills in one transaction; residents billed meanwhile are skipped; a second commit creates none",
        { params: ZImportParams },
        { 200: ZImportCommitResult },
      ),
      handler: (req) => billing.commitImport(staffOf(req), req.params.importId),
    });
  });

  await residentScope(root, residentAuth, (app) => {
    app.get('/api/resident/bills', {
      schema: residentDocs(
        "The resident's own bills, newest first (last entered first), 10 per page (?page=, or the cursors after/before): period, units, rate per unit, total (rupees), entered at",
        { querystring: ZResidentListQuery },
        { 200: ZResidentBillList },
      ),
      handler: (req) => billing.residentBills(residentOf(req), req.query),
    });
    app.get('/api/resident/bills/:id', {
      schema: residentDocs(
        "One of the resident's own bills, as the list shows it (what a push about it opens); 404 for any other id",
        { params: ZIdParams },
        { 200: ZResidentBill },
      ),
      handler: (req) => billing.residentBill(residentOf(req), req.params.id),
    });
  });
};
