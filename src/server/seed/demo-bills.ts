/**
 * Demo electricity bills (spec sections 2 "Billing", 3 "Bill"), so that the resident app's bills
 * screen and /Billing show bills on the first start: every billable resident of each demo society
 * (Green Valley, Lake City) gets one bill for each of the last DEMO_BILL_MONTHS months before the
 * current one, at the default rate, with the in-app 'BILL' record and the audit row a bill made on
 * /Billing gets, through billing's repo (`insertPeriod`: one statement per month, the records
 * written by their owners' bulk statements), in one transaction per society, in its row-level
 * security scope. No push is queued: these bills are months old,
 * and the demo's phones have no device token. A bill has no paid state (spec section 3), so none
 * is marked paid. Deterministic: units come from a PRNG seeded with the resident's code; only the
 * periods and timestamps move with the moment of seeding.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_RATE_PER_UNIT, billTotal } from '../../shared/contracts/billing.js';
import { calendarMonth } from '../../shared/calendar.js';
import type { Db } from '../db/client.js';
import { bills, societies, staffUsers } from '../db/schema.js';
import { inSociety } from '../db/society-scope.js';
import { societyTimeZone } from '../lib/society-time-zone.js';
import { billingRepo } from '../modules/billing/repo.js';
import { mulberry32 } from './plans.js';

const MINUTE = 60_000;

/** The demo societies that get bills (seed/demo.ts). */
const DEMO_SOCIETIES = ['Green Valley', 'Lake City'];
/** How many past months each resident is billed for. */
export const DEMO_BILL_MONTHS = 3;

/** 'YYYY-MM' `back` months before `period`. */
export function monthsBefore(period: string, back: number): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A resident's units for the `n`th month back: 120–480 with 2 decimals, the same on every run. */
function unitsOf(residentCode: string, n: number): number {
  let seed = n + 1;
  for (const ch of residentCode) seed = (seed * 31 + ch.charCodeAt(0)) >>> 0;
  const rand = mulberry32(seed);
  return Math.round((120 + rand() * 360) * 100) / 100;
}

/**
 * Bills each billable resident of every demo society that has no bill yet, for the
 * DEMO_BILL_MONTHS months before `now`'s month (in the society's time zone); each bill is dated the
 * 3rd of the month after its period (at the latest, a minute before `now`) and made by the
 * society's billing staff member.
 * Run after `seedDemo`. @returns how many bills were added (0 on a second run).
 */
export async function seedDemoBills(db: Db, now = Date.now()): Promise<number> {
  const demoSocieties = await db.select({ id: societies.id }).from(societies).where(inArray(societies.name, DEMO_SOCIETIES));
  let added = 0;
  for (const { id: societyId } of demoSocieties) {
    added += await inSociety(db, societyId, async (tx) => {
      const already = await tx.select({ id: bills.id }).from(bills).where(eq(bills.societyId, societyId)).limit(1);
      const [staff] = await tx
        .select({ id: staffUsers.id, name: staffUsers.name })
        .from(staffUsers)
        .where(and(eq(staffUsers.societyId, societyId), eq(staffUsers.subRole, 'billing')));
      if (already.length > 0 || !staff) return 0;
      const repo = billingRepo(tx);
      const current = calendarMonth(new Date(now), await societyTimeZone(tx, societyId));
      const residents = await repo.matchResidents(societyId);
      let count = 0;
      for (let back = DEMO_BILL_MONTHS; back >= 1; back--) {
        const period = monthsBefore(current, back);
        // Made on the 3rd of the month after its period (10:00 in Pakistan), never after `now`.
        const [y, m] = monthsBefore(current, back - 1)
          .split('-')
          .map(Number) as [number, number];
        const createdAt = new Date(Math.min(now - MINUTE, Date.UTC(y, m - 1, 3, 5)));
        const rows = residents.map((r) => {
          const units = unitsOf(r.residentCode, back);
          return { residentId: r.id, units, ratePerUnit: DEFAULT_RATE_PER_UNIT, total: billTotal(DEFAULT_RATE_PER_UNIT, units) };
        });
        count += await repo.insertPeriod({ societyId, period, staffId: staff.id, staffName: staff.name, at: createdAt, rows });
      }
      return count;
    });
  }
  return added;
}
