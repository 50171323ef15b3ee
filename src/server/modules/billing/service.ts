import { sql } from 'drizzle-orm';
import type { ListResponse } from '../../../shared/contracts/common.js';
import {
  ZPeriod,
  billDescription,
  billTotal,
  type Bill,
  type BillResident,
  type ImportCommitResult,
  type ResidentBill,
} from '../../../shared/contracts/billing.js';
import { pushData } from '../../../shared/contracts/push.js';
import { IN_APP, MSG, PUSH } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import { inSociety } from '../../db/society-scope.js';
import type { Clock } from '../../lib/clock.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import type { PageRequest } from '../../lib/list-page.js';
import { societyTimeZone } from '../../lib/society-time-zone.js';
import { calendarMonth } from '../../../shared/calendar.js';
import { recordAudit, staffActor } from '../audit/service.js';
import type { StaffContext } from '../auth/service.js';
import type { ResidentContext } from '../resident-auth/service.js';
import { notifyResident } from '../notifications/service.js';
import { queuePush, type OutboxWorker } from '../outbox/service.js';
import { toResidentCard } from '../residents/service.js';
import { billingRepo } from './repo.js';
import type { SheetParser } from './sheet-parser.js';

export interface BillingDeps {
  db: Db;
  /** 'bill.created' after a bill entered one at a time commits (its resident's socket hears it). */
  bus: EventBus;
  outbox: OutboxWorker;
  clock: Clock;
  /** Reads Sheet1 of an upload off the request thread (sheet-parser.ts). */
  sheets: Pick<SheetParser, 'parseAndMatch'>;
}

/**
 * A stored import preview: `body` is the ImportPreview answer as UTF-8 JSON in parts, to be sent
 * one after the other (`{importId, period, fileData, misMatched, bidiRemoved}`, its lists built in
 * the parse worker), `counts` the lengths of its two lists.
 */
export interface ImportPreviewJson {
  importId: number;
  period: string;
  body: Uint8Array[];
  counts: { fileData: number; misMatched: number };
}

/** The default billing period: the month (YYYY-MM) the society is in at `now`, in its time zone. */
async function currentPeriod(tx: Db, societyId: number, now: Date): Promise<string> {
  return calendarMonth(now, await societyTimeZone(tx, societyId));
}

/** A manual bill as the service takes it (after the contract's defaults). */
export interface BillInput {
  residentId: string;
  ratePerUnit: number;
  units: number;
  period?: string;
}

/**
 * Electricity bills (spec sections 2 "Billing", 3 "Bill", 5, 8, 9), module 'billing',
 * each call in the caller's society scope (row-level security).
 * - `searchResidents`, `list`: paginated lists (10, newest first);
 * - `create`: one bill (404 'No matching document found.' for a resident not of the society or
 *   not yet approved; 409 when the resident has a bill for the period);
 * - `previewImport`: parses and matches an uploaded .xlsx/.xls in a worker thread (400 for anything else, no
 *   Sheet1, no header; 413 for a zip bomb or a parse over its memory or time limit; 429 when
 *   the parse queue is full) and stores the matched rows as an import; nothing else is written;
 * - `commitImport`: creates the import's bills in one transaction; a second commit creates none;
 * - `residentBills`: the signed-in resident's own bills (resident API), in the resident's society scope.
 * Every bill writes its in-app record ('BILL'), its queued push ('Bill Generated' / 'Tap to
 * check!') and its audit row in the bill's transaction; the outbox is poked after commit.
 */
export function billingService(deps: BillingDeps) {
  const { db, clock, outbox, bus } = deps;

  return {
    /** `GET /api/bills/residents?q=`: full-name prefix, case-insensitive. */
    async searchResidents(staff: StaffContext, name: string, req: PageRequest): Promise<ListResponse<BillResident>> {
      const page = await inSociety(db, staff.societyId, (tx) => billingRepo(tx).searchResidents(staff.societyId, name, req));
      return { ...page, items: page.items.map((r) => ({ ...toResidentCard(r), _id: r.id })) };
    },

    /** `GET /api/bills?period=`: the society's bills. */
    list(staff: StaffContext, period: string | undefined, req: PageRequest): Promise<ListResponse<Bill>> {
      return inSociety(db, staff.societyId, (tx) => billingRepo(tx).page(staff.societyId, period, req));
    },

    /**
     * `GET /api/resident/bills`: one page of the resident's own bills, newest first, 10 a page
     * (`{items, total, totalExact, nextAfter, prevBefore}`). Read under row-level security in the
     * resident's society and filtered on the resident, so no other resident's bill is ever read.
     */
    residentBills(resident: ResidentContext, req: PageRequest): Promise<ListResponse<ResidentBill>> {
      return inSociety(db, resident.societyId, (tx) => billingRepo(tx).residentPage(resident.societyId, resident.id, req));
    },

    /**
     * `GET /api/resident/bills/:id`: one of the resident's own bills, as `residentBills` lists it.
     * @throws NotFoundError for another resident's or another society's bill (never 403).
     */
    async residentBill(resident: ResidentContext, id: number): Promise<ResidentBill> {
      const bill = await inSociety(db, resident.societyId, (tx) => billingRepo(tx).residentBill(resident.societyId, resident.id, id));
      if (!bill) throw new NotFoundError();
      return bill;
    },

    /** `POST /api/bills`: total = rate × units (exact, 2 decimals); one per resident and period. */
    async create(staff: StaffContext, input: BillInput): Promise<Bill> {
      const at = clock.now();
      const total = billTotal(input.ratePerUnit, input.units);
      const bill = await inSociety(db, staff.societyId, async (tx) => {
        const repo = billingRepo(tx);
        const period = input.period ?? (await currentPeriod(tx, staff.societyId, at));
        const resident = await repo.residentByCode(staff.societyId, input.residentId);
        if (!resident) throw new NotFoundError(MSG.noMatchingDocument);
        const id = await repo.insertBill({
          societyId: staff.societyId,
          residentId: resident.id,
          period,
          ratePerUnit: String(input.ratePerUnit),
          units: String(input.units),
          total: String(total),
          createdBy: staff.id,
          createdAt: at,
        });
        if (id === undefined) throw new ConflictError(MSG.billExists);
        await notifyResident(tx, {
          societyId: staff.societyId,
          residentId: resident.id,
          title: IN_APP.bill.title,
          description: billDescription(period, total),
          refEntity: 'bill',
          refId: id,
          createdAt: at,
        });
        await queuePush(tx, staff.societyId, { to: resident.pushToken, residentId: resident.id, ...PUSH.billGenerated, data: pushData('bill', id) });
        await recordAudit(tx, {
          ...staffActor(staff),
          entity: 'bill',
          entityId: id,
          action: 'create',
          at,
        });
        const saved = await repo.bill(id);
        if (!saved) throw new Error('bill not readable after insert');
        return { saved, residentId: resident.id };
      });
      void outbox.poke();
      const b = bill.saved;
      const own = { _id: b._id, period: b.period, units: b.units, ratePerUnit: b.ratePerUnit, total: b.total, createdAt: b.createdAt };
      bus.emit('bill.created', { societyId: staff.societyId, residentId: bill.residentId, bill: own });
      return bill.saved;
    },

    /**
     * `POST /api/bills/import`: reads Sheet1, matches rows to the society's residents by address
     * and stores the matched rows (with the file's SHA-256) for the commit.
     * @param file path of the uploaded spreadsheet on disk (the caller deletes it afterwards); only
     *   the parse worker reads its bytes
     * @param periodText the form's optional `period` field (default: this month).
     */
    async previewImport(staff: StaffContext, file: string, periodText: string | undefined): Promise<ImportPreviewJson> {
      const at = clock.now();
      let chosen: string | undefined;
      if (periodText !== undefined && periodText.trim() !== '') {
        const parsed = ZPeriod.safeParse(periodText);
        if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'Invalid period.', 'period');
        chosen = parsed.data;
      }
      const [period, residents, billed] = await inSociety(db, staff.societyId, async (tx) => {
        const repo = billingRepo(tx);
        const month = chosen ?? (await currentPeriod(tx, staff.societyId, at));
        return [month, await repo.matchResidents(staff.societyId), await repo.billedResidents(staff.societyId, month)] as const;
      });
      // Parse and match in a worker: neither the request thread nor the database session waits
      // for them. A resident billed meanwhile is skipped by the commit, as after any preview.
      const m = await deps.sheets.parseAndMatch(file, residents, [...billed]);
      const importId = await inSociety(db, staff.societyId, (tx) =>
        billingRepo(tx).insertImport({
          societyId: staff.societyId,
          period,
          fileSha256: m.sha256,
          matched: sql`${m.matched}::jsonb`,
          createdBy: staff.id,
          createdAt: at,
        }),
      );
      return {
        importId,
        period,
        counts: m.counts,
        body: [Buffer.from(`{"importId":${importId},"period":${JSON.stringify(period)},`), m.preview, Buffer.from('}')],
      };
    },

    /** `POST /api/bills/import/:importId/commit`: 404 for an import of another society. */
    async commitImport(staff: StaffContext, importId: number): Promise<ImportCommitResult> {
      const at = clock.now();
      const result = await inSociety(db, staff.societyId, async (tx) => {
        const repo = billingRepo(tx);
        const imp = await repo.lockImport(staff.societyId, importId);
        if (!imp) throw new NotFoundError(MSG.billImportNotFound);
        const matched = Number(imp.matched);
        if (imp.committedAt) return { created: 0, skipped: matched };
        const created =
          matched === 0
            ? 0
            : await repo.commitImport({ societyId: staff.societyId, importId, period: imp.period, staffId: staff.id, staffName: staff.name, at });
        await repo.markCommitted(importId, at);
        return { created, skipped: matched - created };
      });
      if (result.created > 0) void outbox.poke();
      return result;
    },
  };
}
export type BillingService = ReturnType<typeof billingService>;
