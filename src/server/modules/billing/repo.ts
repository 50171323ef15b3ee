import { and, eq, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AuditAction } from '../../../shared/contracts/audit.js';
import type { Bill, ResidentBill } from '../../../shared/contracts/billing.js';
import { formatMonth } from '../../../shared/format/day-month.js';
import { IN_APP, PUSH } from '../../../shared/messages.js';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { billImports, bills, residents } from '../../db/schema.js';
import { listPage, type PageRequest } from '../../lib/list-page.js';
import { recordAuditsSql } from '../audit/service.js';
import { notifyResidentsSql } from '../notifications/service.js';
import { queuePushesSql } from '../outbox/service.js';
import { formatAddress, realResident, residentCardColumns, residentCardPage } from '../residents/service.js';
import type { MatchResident } from './match.js';

/** Residents staff may bill: everyone of the society but self-registrations not yet approved (and the drill resident). */
const billable = (societyId: number) => and(eq(residents.societyId, societyId), ne(residents.status, 'Pending'), realResident);

/** `lower(name) LIKE 'text%'` with the user's `%`, `_` and `\` taken literally. */
const namePrefix = (name: string): SQL => sql`lower(${residents.name}) like ${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) + '%'}`;

/** The columns of a resident's own bill (no resident columns: the resident is the caller). */
const ownBillColumns = {
  id: bills.id,
  period: bills.period,
  ratePerUnit: bills.ratePerUnit,
  units: bills.units,
  total: bills.total,
  createdAt: bills.createdAt,
};
const billColumns = {
  ...ownBillColumns,
  importId: bills.importId,
  residentCode: residents.residentCode,
  name: residents.name,
  phone: residents.phone,
  house: residents.house,
  street: residents.street,
  block: residents.block,
};
interface BillRow {
  id: number;
  period: string;
  ratePerUnit: string;
  units: string;
  total: string;
  importId: number | null;
  createdAt: Date;
  residentCode: string;
  name: string;
  phone: string;
  house: string;
  street: string;
  block: string;
}

/** A bill's own figures as the API shows them: money and units stored as exact decimal text become numbers (2 decimals at most). */
function toResidentBill(r: Pick<BillRow, 'id' | 'period' | 'ratePerUnit' | 'units' | 'total' | 'createdAt'>): ResidentBill {
  return {
    _id: r.id,
    period: r.period,
    ratePerUnit: Number(r.ratePerUnit),
    units: Number(r.units),
    total: Number(r.total),
    createdAt: r.createdAt.toISOString(),
  };
}

/** A bill with its resident, as staff see it. */
function toBill(r: BillRow): Bill {
  return {
    ...toResidentBill(r),
    residentId: r.residentCode,
    name: r.name,
    phoneNo: r.phone,
    address: formatAddress(r),
    importId: r.importId,
  };
}

/** A new bill's values (money as exact decimal text). */
export interface NewBill {
  societyId: number;
  residentId: number;
  period: string;
  ratePerUnit: string;
  units: string;
  total: string;
  createdBy: number;
  createdAt: Date;
}

/**
 * The in-app record ('BILL') of each new bill of a bulk statement's `ins` (id, resident_id, total),
 * described as `billDescription` does: the month in words, and `to_char` gives the same 'PKR 1,234.50' up to 999,999,999,999.99.
 */
function billNoticesSql(societyId: number, period: string, at: Date): SQL {
  return notifyResidentsSql({
    societyId,
    from: sql`ins`,
    residentId: sql`ins.resident_id`,
    title: IN_APP.bill.title,
    description: sql`replace(replace(${IN_APP.bill.description}::text, '{period}', ${formatMonth(period)}::text), '{total}', 'PKR ' || to_char(ins.total, 'FM999,999,999,990.00'))`,
    refEntity: 'bill',
    refId: sql`ins.id`,
    at,
  });
}

/** The audit row of each new bill of a bulk statement's `ins`, by the staff member who made them. */
function billAuditsSql(p: { societyId: number; staffId: number; staffName: string; action: AuditAction; at: Date }): SQL {
  return recordAuditsSql({
    societyId: p.societyId,
    from: sql`ins`,
    actorKind: 'staff',
    actorId: p.staffId,
    actorName: p.staffName,
    entity: 'bill',
    entityId: sql`ins.id`,
    action: p.action,
    at: p.at,
  });
}

/**
 * Bills, bill imports and the residents billing reads. Every call names the society; call inside
 * `inSociety` (row-level security), which also keeps the bulk commit to the society's residents.
 */
export function billingRepo(db: Db) {
  const billsWhere = (ids: number[]) =>
    db.select(billColumns).from(bills).innerJoin(residents, eq(residents.id, bills.residentId)).where(inArray(bills.id, ids));
  return {
    /** Residents whose full name starts with `name` (case-insensitive), newest first, 10 a page (counted up to the cap). */
    searchResidents(societyId: number, name: string, req: PageRequest) {
      return residentCardPage(db, societyId, { where: and(billable(societyId), namePrefix(name)), order: [residents.id] }, req);
    },
    /** A billable resident by resident code (e.g. 'GV0001'), with the push token. */
    async residentByCode(societyId: number, code: string) {
      const [row] = await db
        .select(residentCardColumns)
        .from(residents)
        .where(and(billable(societyId), eq(residents.residentCode, code)));
      return row;
    },
    /** Inserts one bill unless the resident has one for the period. @returns its id, or undefined (already billed). */
    async insertBill(b: NewBill): Promise<number | undefined> {
      const [row] = await db
        .insert(bills)
        .values(b)
        .onConflictDoNothing({ target: [bills.residentId, bills.period] })
        .returning({ id: bills.id });
      return row?.id;
    },
    async bill(id: number): Promise<Bill | undefined> {
      const [row] = await billsWhere([id]);
      return row && toBill(row);
    },
    /** The society's bills (of one period, if given), newest first, 10 a page (counted up to the cap). */
    async page(societyId: number, period: string | undefined, req: PageRequest) {
      const page = await listPage({
        db,
        societyId,
        table: bills,
        id: bills.id,
        order: period ? [bills.societyId, bills.period, bills.id] : [bills.id],
        where: and(eq(bills.societyId, societyId), period ? eq(bills.period, period) : undefined),
        req,
        rows: (ids) => (ids.length === 0 ? Promise.resolve([]) : billsWhere(ids)),
        idOf: (r) => r.id,
      });
      return { ...page, items: page.items.map(toBill) };
    },
    /**
     * One page of a resident's own bills, newest first by id, 10 a page, counted exactly (a
     * resident has a bill a month) in the round trip that reads the page. The filter names the
     * resident and the society; `bills_resident_period_idx` finds the resident's rows.
     */
    /** One of resident `residentId`'s own bills (a row id each), or undefined (another resident's, another society's). */
    async residentBill(societyId: number, residentId: number, id: number): Promise<ResidentBill | undefined> {
      const [row] = await db
        .select(ownBillColumns)
        .from(bills)
        .where(and(eq(bills.societyId, societyId), eq(bills.residentId, residentId), eq(bills.id, id)));
      return row && toResidentBill(row);
    },
    async residentPage(societyId: number, residentId: number, req: PageRequest) {
      const own = and(eq(bills.societyId, societyId), eq(bills.residentId, residentId));
      const rowsIn = (ids: SQLWrapper | number[]) =>
        Array.isArray(ids) && ids.length === 0
          ? Promise.resolve([])
          : db
              .select(ownBillColumns)
              .from(bills)
              .where(and(own, inArray(bills.id, ids)));
      const page = await listPage({
        db,
        exactCount: true,
        table: bills,
        id: bills.id,
        order: [bills.residentId, bills.id],
        where: own,
        req,
        rows: rowsIn,
        rowsIn,
        idOf: (r) => r.id,
      });
      return { ...page, items: page.items.map(toResidentBill) };
    },
    /** Every billable resident of the society, with the address parts matching needs. */
    matchResidents(societyId: number): Promise<MatchResident[]> {
      return db
        .select({
          id: residents.id,
          residentCode: residents.residentCode,
          name: residents.name,
          house: residents.house,
          street: residents.street,
          block: residents.block,
        })
        .from(residents)
        .where(billable(societyId));
    },
    /** Ids of the society's residents billed for `period`. */
    async billedResidents(societyId: number, period: string): Promise<Set<number>> {
      const rows = await db
        .select({ id: bills.residentId })
        .from(bills)
        .where(and(eq(bills.societyId, societyId), eq(bills.period, period)));
      return new Set(rows.map((r) => r.id));
    },
    /** `matched` may be SQL (JSON text cast to jsonb, as the parse worker makes it). */
    async insertImport(
      row: Omit<typeof billImports.$inferInsert, 'matched'> & { matched: (typeof billImports.$inferInsert)['matched'] | SQL },
    ): Promise<number> {
      const [saved] = await db.insert(billImports).values(row).returning({ id: billImports.id });
      if (!saved) throw new Error('bill import not stored');
      return saved.id;
    },
    /** The import (without its rows), locked until the transaction ends (a second commit waits, then sees it committed). */
    async lockImport(societyId: number, id: number) {
      const [row] = await db
        .select({
          id: billImports.id,
          period: billImports.period,
          committedAt: billImports.committedAt,
          matched: sql<number>`jsonb_array_length(${billImports.matched})::int`,
        })
        .from(billImports)
        .where(and(eq(billImports.societyId, societyId), eq(billImports.id, id)))
        .for('update');
      return row;
    },
    async markCommitted(id: number, at: Date): Promise<void> {
      await db.update(billImports).set({ committedAt: at }).where(eq(billImports.id, id));
    },
    /**
     * Creates the import's bills (its stored `matched` rows, read in the statement: they never
     * leave the database) in ONE statement, skipping residents already billed for the period
     * (`on conflict do nothing`) or no longer of the society, and with each new bill its in-app
     * record ('BILL', described as `billDescription` does: `to_char` gives the same 'PKR 1,234.50'
     * up to 999,999,999,999.99), its push ('Bill Generated') and its audit row, each written by
     * its owner's bulk statement (notifications, outbox, audit) as a `WITH` item of this one.
     * @returns how many bills were created.
     */
    async commitImport(p: { societyId: number; importId: number; period: string; staffId: number; staffName: string; at: Date }): Promise<number> {
      const pushes = queuePushesSql({
        societyId: p.societyId,
        from: sql`ins join src on src.resident_id = ins.resident_id`,
        to: sql`src.push_token`,
        residentId: sql`ins.resident_id`,
        ...PUSH.billGenerated,
        item: { type: 'bill', id: sql`ins.id::text` },
      });
      const notices = billNoticesSql(p.societyId, p.period, p.at);
      const audits = billAuditsSql({ ...p, action: 'import' });
      const result = await db.execute(sql`
        with x as (
          select x."residentId" as resident_id, x.units, x."ratePerUnit" as rate, x.total
          from bill_imports bi, jsonb_to_recordset(bi.matched) as x("residentId" int, units numeric, "ratePerUnit" numeric, total numeric)
          where bi.id = ${p.importId} and bi.society_id = ${p.societyId}
        ), src as (
          select x.*, r.push_token from x join residents r on r.id = x.resident_id and r.society_id = ${p.societyId}
        ), ins as (
          insert into bills (society_id, resident_id, period, rate_per_unit, units, total, import_id, created_by, created_at)
          select ${p.societyId}, src.resident_id, ${p.period}, src.rate, src.units, src.total, ${p.importId}, ${p.staffId}, ${p.at} from src
          on conflict (resident_id, period) do nothing
          returning id, resident_id, total
        ), n as (${notices}), o as (${pushes}), a as (${audits})
        select count(*)::int as created from ins`);
      return rowsOf(result, z.object({ created: z.coerce.number() }))[0]?.created ?? 0;
    },
    /**
     * Bills of one period for residents given with their amounts (the demo's: seed/demo-bills.ts),
     * in ONE statement, each new bill with its in-app record and its audit row ('create', by
     * `staffId`) as commitImport writes them, but no push: such bills are not news to a phone.
     * Skips a resident already billed for the period or not billable in the society.
     * @param p.rows units and rate as the bill stores them, `total` = billTotal(rate, units)
     * @returns how many bills were created.
     */
    async insertPeriod(p: {
      societyId: number;
      period: string;
      staffId: number;
      staffName: string;
      at: Date;
      rows: readonly { residentId: number; units: number; ratePerUnit: number; total: number }[];
    }): Promise<number> {
      if (p.rows.length === 0) return 0;
      const notices = billNoticesSql(p.societyId, p.period, p.at);
      const audits = billAuditsSql({ ...p, action: 'create' });
      const result = await db.execute(sql`
        with src as (
          select x."residentId" as resident_id, x.units, x."ratePerUnit" as rate, x.total
          from jsonb_to_recordset(${JSON.stringify(p.rows)}::jsonb) as x("residentId" int, units numeric, "ratePerUnit" numeric, total numeric)
          join residents on residents.id = x."residentId" and ${billable(p.societyId)}
        ), ins as (
          insert into bills (society_id, resident_id, period, rate_per_unit, units, total, created_by, created_at)
          select ${p.societyId}, src.resident_id, ${p.period}, src.rate, src.units, src.total, ${p.staffId}, ${p.at} from src
          on conflict (resident_id, period) do nothing
          returning id, resident_id, total
        ), n as (${notices}), a as (${audits})
        select count(*)::int as created from ins`);
      return rowsOf(result, z.object({ created: z.coerce.number() }))[0]?.created ?? 0;
    },
  };
}
