import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
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
  ZResidentBillList,
} from '../../../shared/contracts/billing.js';
import { ZErrorBody, ZResidentListQuery } from '../../../shared/contracts/common.js';
import { MSG } from '../../../shared/messages.js';
import { AppError, BadRequestError } from '../../lib/errors.js';
import type { Limit } from '../../lib/rate-limit/limit.js';
import { residentOf, residentScope, staffOf, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import type { BillingService } from './service.js';
import { residentDocs, routeDocs } from '../../lib/route-docs.js';

interface Opts {
  billing: BillingService;
  /** Longest time (ms) a spreadsheet upload may take, its body included. */
  uploadTimeoutMs: number;
  /** Spreadsheet imports per staff member (subject: staff id), counted before the file is read: BILL_MAX_IMPORTS_PER_MINUTE. */
  imports: Limit;
}

const docs = routeDocs('billing');

/**
 * The upload of `POST /api/bills/import`: the one file (field `file`) and the optional `period`
 * field. @throws BadRequestError (400) not multipart, no file, larger than 10 MB, malformed.
 */
async function readUpload(req: FastifyRequest): Promise<{ file: Buffer; period?: string }> {
  if (!req.isMultipart()) throw new BadRequestError(MSG.billImportNoFile, 'file');
  let file: Buffer | undefined;
  let period: string | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 4, fieldSize: 1000, parts: 5 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file') file = data;
      } else if (part.fieldname === 'period' && typeof part.value === 'string') period = part.value;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    throw new BadRequestError(code === 'FST_REQ_FILE_TOO_LARGE' ? MSG.billImportTooLarge : MSG.billImportNoFile, 'file');
  }
  if (!file || file.length === 0) throw new BadRequestError(MSG.billImportNoFile, 'file');
  return { file, period };
}

/**
 * /Billing (spec sections 2, 3, 5, 8, 9), module 'billing' (sub-roles billing and
 * super-admin): resident search, manual bills, the society's bills, and the spreadsheet import
 * (multipart upload → preview → commit); and the resident API's own bills.
 */
export const billingRoutes: ModuleRoutes<Opts> = async (root, { auth, residentAuth, billing, imports, uploadTimeoutMs }) => {
  await staffScope(root, auth, 'billing', async (app) => {
    // Only this plugin takes multipart bodies; the file is read into memory (at most 10 MB).
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

    app.post('/api/bills', {
      schema: docs(
        'One bill: total = rate × units (server-computed, 2 decimals); period defaults to this month; a second bill for the resident and period → 409',
        { body: ZCreateBill },
        { 201: ZBill },
      ),
      handler: async (req, reply) => reply.code(201).send(await billing.create(staffOf(req), req.body)),
    });

    // The answer is JSON text made in the parse worker (ZImportPreview's shape, which the schema
    // still documents): checking 20,000 rows against the response schema took ~200 ms of the
    // request thread. So the route's reply type is that text, sent as it is by its serializer.
    app.post<{ Reply: string }>('/api/bills/import', {
      handlerTimeout: uploadTimeoutMs,
      schema: docs(
        'Upload a spreadsheet (.xlsx/.xls, multipart field `file`, optional field `period`): Sheet1 rows matched to residents by address; a preview, nothing billed yet; 429 beyond BILL_MAX_IMPORTS_PER_MINUTE',
        { consumes: ['multipart/form-data'] },
        { 200: ZImportPreview, 429: ZErrorBody },
      ),
      preHandler: async (req) => imports.take(staffOf(req).id),
      handler: async (req, reply) => {
        const { file, period } = await readUpload(req);
        const preview = await billing.previewImport(staffOf(req), file, period);
        return reply
          .type('application/json; charset=utf-8')
          .serializer((text: string) => text)
          .send(preview.body);
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
  });
};
