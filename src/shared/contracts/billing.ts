/**
 * Billing (spec sections 2 "Billing", 3 "Bill", 5, 8, 9): electricity bills entered one by
 * one on /Billing or imported from a spreadsheet. Money is in rupees (PKR), computed exactly with
 * decimal arithmetic (big.js): total = rate per unit × units, rounded half-up to 2 decimals.
 */
import Big from 'big.js';
import { z } from 'zod';
import { IN_APP } from '../messages.js';
import { formatMonth } from '../format/day-month.js';
import { formatPkr } from '../format/money.js';
import { ZListQuery, ZResidentCard, atMostChars, listResponse, residentSearchQuery, zIdText } from './common.js';

/** Default rate per unit in rupees (spec section 9). */
export const DEFAULT_RATE_PER_UNIT = 45;
/** Largest rate per unit, in rupees (a sanity bound). */
export const MAX_RATE_PER_UNIT = 100_000;
/** Largest units consumed in one bill (a sanity bound). */
export const MAX_UNITS = 1_000_000;
/** Largest spreadsheet accepted by the import, in bytes (10 MB). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** Most data rows one import may hold (below the header row). */
export const MAX_IMPORT_ROWS = 20_000;
/**
 * Most bytes the spreadsheet's ZIP entries may declare once unpacked, all entries together
 * (64 MiB): a 20,000-row Sheet1 is ~5 MB of XML, so this leaves room for many ignored columns
 * and styles while refusing a "zip bomb" (a small file that inflates to gigabytes) with 413
 * before anything is inflated.
 */
export const MAX_IMPORT_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;
/** Most columns Sheet1 may span (header row included); wider sheets are refused with 400. */
export const MAX_IMPORT_COLUMNS = 50;
/**
 * Most cells one import reads: {@link MAX_IMPORT_ROWS} data rows plus the header, each at most
 * {@link MAX_IMPORT_COLUMNS} wide (1,000,050). Follows from the two limits; not checked apart.
 */
export const MAX_IMPORT_CELLS = (MAX_IMPORT_ROWS + 1) * MAX_IMPORT_COLUMNS;
/** Most characters in one cell the import reads (Address, Units, Name, Block, Index, Rate); longer → 400. */
export const MAX_IMPORT_CELL_CHARS = 500;

const hasAtMostDecimals = (n: number, places: number) => Number.isFinite(n) && new Big(n).round(places, Big.roundDown).eq(n);

/**
 * rate × units in rupees, exact (rounded half-up to 2 decimals): 45 × 12.34 is 555.3, not
 * 555.3000000000001. The server stores it; the Generate Bill form shows the same figure.
 */
export function billTotal(ratePerUnit: number, units: number): number {
  return new Big(ratePerUnit).times(units).round(2, Big.roundHalfUp).toNumber();
}

/** The in-app record's description of a bill (title 'BILL', spec section 3 "Notification"): '… for November 2026 is PKR 4,565.02'. */
export function billDescription(period: string, total: number): string {
  return IN_APP.bill.description.replace('{period}', formatMonth(period)).replace('{total}', formatPkr(total));
}

const PERIOD_MSG = 'Period must be a month written YYYY-MM, e.g. 2026-11.';
/** A billing month, 'YYYY-MM' (years 2000–2099). */
export const ZPeriod = z
  .string({ error: PERIOD_MSG })
  .trim()
  .regex(/^20\d\d-(0[1-9]|1[0-2])$/, PERIOD_MSG);

const RATE_MSG = `Rate per unit must be a number above 0 and at most ${MAX_RATE_PER_UNIT.toLocaleString('en-US')}.`;
const UNITS_MSG = `Units must be a number from 0 to ${MAX_UNITS.toLocaleString('en-US')}.`;

/** Rate per unit in rupees: > 0, ≤ {@link MAX_RATE_PER_UNIT}, at most 2 decimals. */
export const ZRatePerUnit = z
  .number({ error: RATE_MSG })
  .gt(0, RATE_MSG)
  .max(MAX_RATE_PER_UNIT, RATE_MSG)
  .refine((n) => hasAtMostDecimals(n, 2), 'Rate per unit has at most 2 decimal places.');

/** Units consumed: 0 to {@link MAX_UNITS}, at most 2 decimals. */
export const ZUnits = z
  .number({ error: UNITS_MSG })
  .min(0, UNITS_MSG)
  .max(MAX_UNITS, UNITS_MSG)
  .refine((n) => hasAtMostDecimals(n, 2), 'Units have at most 2 decimal places.');

const RESIDENT_ID_MSG = 'Resident ID is required.';
/** A society resident id as residents and staff see it (e.g. 'GV0001'). */
export const ZResidentCode = z.string({ error: RESIDENT_ID_MSG }).trim().min(1, RESIDENT_ID_MSG).max(40, atMostChars(40));

/**
 * POST /api/bills: one bill. `period` defaults to the current month (server clock), `ratePerUnit`
 * to {@link DEFAULT_RATE_PER_UNIT}. A `total` sent by a client is dropped: the server computes it.
 */
export const ZCreateBill = z.object({
  residentId: ZResidentCode,
  ratePerUnit: ZRatePerUnit.optional().default(DEFAULT_RATE_PER_UNIT),
  units: ZUnits,
  period: ZPeriod.optional(),
});
export type CreateBill = z.input<typeof ZCreateBill>;

/** A stored bill (spec section 3 "Bill": uid, name, phonenumber, address, meterUnits, meterRatePerUnit, Total). */
export const ZBill = z.object({
  _id: z.number().int(),
  residentId: z.string().describe('Society resident id, e.g. GV0001'),
  name: z.string(),
  phoneNo: z.string(),
  address: z.string(),
  period: z.string().describe('YYYY-MM'),
  ratePerUnit: z.number(),
  units: z.number(),
  total: z.number().describe('rupees, 2 decimals'),
  importId: z.number().int().nullable(),
  createdAt: z.string().describe('ISO 8601'),
});
export type Bill = z.infer<typeof ZBill>;
export const ZBillList = listResponse(ZBill);

/**
 * One of the resident's own bills (`GET /api/resident/bills`), a part of {@link ZBill}: the month
 * (`period`, YYYY-MM), `units` consumed, `ratePerUnit` and `total` in rupees (numbers with at most
 * 2 decimals, total = rate × units as the server computed it) and when the bill was entered
 * (`createdAt`, ISO 8601). `_id` is the `id` of a 'bill' push's data.
 */
export const ZResidentBill = ZBill.pick({ _id: true, period: true, units: true, ratePerUnit: true, total: true, createdAt: true });
export type ResidentBill = z.infer<typeof ZResidentBill>;
/**
 * `GET /api/resident/bills`: a page of the resident's own bills, 10 a page, newest first as every
 * list is (by `_id`: the last entered first, which is the latest month unless a month was billed
 * late), with the exact total and the list cursors.
 */
export const ZResidentBillList = listResponse(ZResidentBill);

/** GET /api/bills: the society's bills, newest first, optionally of one period. */
export const ZBillListQuery = ZListQuery.pick({ page: true, after: true, before: true }).extend({ period: ZPeriod.optional() });

/**
 * GET /api/bills/residents: the shared list query, `q` (required: 400 'Enter a name.') the start of
 * the resident's full name, case-insensitive; `name` still read for one release.
 */
export const ZBillResidentQuery = residentSearchQuery({ required: true });
/** A resident as /Billing shows it: the resident card and its row id. */
export const ZBillResident = ZResidentCard.extend({ _id: z.number().int() });
export type BillResident = z.infer<typeof ZBillResident>;
export const ZBillResidentList = listResponse(ZBillResident);

/** Why a spreadsheet row was not matched. */
export const MISMATCH_REASONS = {
  noAddress: 'No resident has this address.',
  ambiguous: 'More than one resident has this address.',
  badUnits: 'Units is not a number (0 to 1,000,000, at most 2 decimals).',
  badRate: 'Rate is not a number (above 0, at most 100,000, at most 2 decimals).',
  billed: 'Already billed this period.',
  duplicate: 'Another row of this file bills the same resident.',
} as const;
export type MismatchCode = keyof typeof MISMATCH_REASONS;

/** A spreadsheet row as read: `row` is the sheet's row number (the header is usually row 1). */
const ZSheetRow = z.object({ row: z.number().int(), index: z.string(), name: z.string(), address: z.string(), block: z.string() });

/** A matched row ('File Data'): what its bill will be. */
export const ZImportRow = ZSheetRow.extend({ residentId: z.string(), residentName: z.string(), units: z.number(), ratePerUnit: z.number(), total: z.number() });
export type ImportRow = z.infer<typeof ZImportRow>;

/** A row left out ('Mis-Matched Data'), with the cells as text and the reason. */
export const ZMisMatchedRow = ZSheetRow.extend({
  units: z.string(),
  rate: z.string(),
  code: z.enum(Object.keys(MISMATCH_REASONS) as [MismatchCode, ...MismatchCode[]]),
  reason: z.string(),
});
export type MisMatchedRow = z.infer<typeof ZMisMatchedRow>;

/**
 * POST /api/bills/import → the preview, kept on the server as `importId` until committed.
 * `bidiRemoved`: cells whose invisible direction controls (U+202A–U+202E, U+2066–U+2069) were
 * removed on reading, so no address or name shown here is disguised by one.
 */
export const ZImportPreview = z.object({
  importId: z.number().int(),
  period: z.string(),
  fileData: z.array(ZImportRow),
  misMatched: z.array(ZMisMatchedRow),
  bidiRemoved: z.number().int().min(0),
});
export type ImportPreview = z.infer<typeof ZImportPreview>;

/** POST /api/bills/import/:importId/commit → bills created now, and matched rows skipped (billed meanwhile, or committed before). */
export const ZImportCommitResult = z.object({ created: z.number().int(), skipped: z.number().int() });
export type ImportCommitResult = z.infer<typeof ZImportCommitResult>;

const IMPORT_ID_MSG = 'Not a valid import id.';
/** POST /api/bills/import/:importId/commit: the import's id, plain decimal digits. */
export const ZImportParams = z.object({ importId: zIdText(IMPORT_ID_MSG) });
