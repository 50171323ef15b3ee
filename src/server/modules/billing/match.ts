/**
 * Matching spreadsheet rows to residents by address (spec section 2 "Billing"). Pure: the
 * service gives it the sheet's rows, the society's residents and who is billed already.
 *
 * An address compares case- and whitespace-insensitively with the resident card's address
 * ("House 12, Street 4, Block A", `formatAddress`). When the row has a Block, the resident's block
 * must be that block too ('A' and 'Block A' both name "Block A"), and the Address may then leave
 * the block out ("House 12, Street 4").
 */
import Big from 'big.js';
import {
  MISMATCH_REASONS,
  MAX_RATE_PER_UNIT,
  MAX_UNITS,
  DEFAULT_RATE_PER_UNIT,
  billTotal,
  type ImportRow,
  type MisMatchedRow,
  type MismatchCode,
} from '../../../shared/contracts/billing.js';
import { formatAddress } from '../residents/service.js';
import type { SheetRow } from './sheet.js';

/** A resident as matching needs it. */
export interface MatchResident {
  id: number;
  residentCode: string;
  name: string;
  house: string;
  street: string;
  block: string;
}

/** A matched row as stored in `bill_imports.matched` (numbers as decimal text, exact). */
export interface StoredMatch {
  row: number;
  residentId: number;
  units: string;
  ratePerUnit: string;
  total: string;
}

export interface MatchResult {
  fileData: ImportRow[];
  misMatched: MisMatchedRow[];
  matched: StoredMatch[];
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, '');

/** A number of at most 2 decimals in [min, max]; numeric cells lose binary noise (0.1 + 0.2) first. */
function amount(v: string | number, min: number, max: number, minExclusive = false): number | null {
  let n: number;
  if (typeof v === 'number') n = Number(v.toPrecision(15));
  else if (/^\d+(\.\d+)?$/.test(v.replace(/,/g, ''))) n = Number(v.replace(/,/g, ''));
  else return null;
  if (!Number.isFinite(n) || n < min || n > max || (minExclusive && n <= min)) return null;
  return new Big(n).round(2, Big.roundDown).eq(n) ? n : null;
}

function blockMatches(residentBlock: string, rowBlock: string): boolean {
  const r = norm(residentBlock);
  const b = norm(rowBlock);
  return r === b || r === `block${b}`;
}

/**
 * Splits the rows into matched ones ('File Data') and the rest ('Mis-Matched Data') with the first
 * reason that applies: units, rate, no such address, more than one resident, already billed this
 * period, or a second row for a resident an earlier row of the file already bills.
 */
export function matchRows(rows: readonly SheetRow[], residents: readonly MatchResident[], billed: ReadonlySet<number>): MatchResult {
  const byFull = new Map<string, MatchResident[]>();
  const byHouseStreet = new Map<string, MatchResident[]>();
  const push = (m: Map<string, MatchResident[]>, k: string, r: MatchResident) => {
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  };
  for (const r of residents) {
    push(byFull, norm(formatAddress(r)), r);
    push(byHouseStreet, norm(formatAddress({ house: r.house, street: r.street, block: '' })), r);
  }

  const out: MatchResult = { fileData: [], misMatched: [], matched: [] };
  const taken = new Set<number>();
  for (const row of rows) {
    const base = { row: row.row, index: row.index, name: row.name, address: row.address, block: row.block };
    const miss = (code: MismatchCode) =>
      out.misMatched.push({ ...base, units: String(row.units), rate: String(row.rate), code, reason: MISMATCH_REASONS[code] });
    const units = amount(row.units, 0, MAX_UNITS);
    if (units === null) {
      miss('badUnits');
      continue;
    }
    const rate = row.rate === '' ? DEFAULT_RATE_PER_UNIT : amount(row.rate, 0, MAX_RATE_PER_UNIT, true);
    if (rate === null) {
      miss('badRate');
      continue;
    }
    const key = norm(row.address);
    let candidates: MatchResident[];
    if (row.block) {
      const found = new Set([...(byFull.get(key) ?? []), ...(byHouseStreet.get(key) ?? [])]);
      candidates = [...found].filter((r) => blockMatches(r.block, row.block));
    } else candidates = byFull.get(key) ?? [];
    const resident = candidates[0];
    if (!key || !resident) miss('noAddress');
    else if (candidates.length > 1) miss('ambiguous');
    else if (billed.has(resident.id)) miss('billed');
    else if (taken.has(resident.id)) miss('duplicate');
    else {
      taken.add(resident.id);
      const total = billTotal(rate, units);
      out.fileData.push({ ...base, residentId: resident.residentCode, residentName: resident.name, units, ratePerUnit: rate, total });
      out.matched.push({ row: row.row, residentId: resident.id, units: String(units), ratePerUnit: String(rate), total: String(total) });
    }
  }
  return out;
}
