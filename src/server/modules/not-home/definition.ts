import type { NotHome } from '../../../shared/contracts/not-home.js';
import { toResidentCard } from '../residents/service.js';
import type { NotHomeRow } from './repo.js';

const DAY_MS = 86_400_000;

/** Days away, both ends included ('2026-11-21' to '2026-11-23' is 3). */
export function daysAway(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

/** Row → NotHome (spec section 3): Status true only while active. */
export function toNotHome(row: NotHomeRow): NotHome {
  return {
    _id: row.id,
    from: row.fromDate,
    to: row.toDate,
    days: daysAway(row.fromDate, row.toDate),
    Status: row.state === 'active',
    cancelled: row.state === 'cancelled',
    state: row.state,
    pressedTime: row.createdAt.toISOString(),
    arrivedAt: row.arrivedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    guardName: row.guardName,
    guardPhone: row.guardPhone,
    guardEmail: row.guardEmail,
    dateAndTime: row.dateAndTime,
    societyName: row.societyName,
    resident: toResidentCard(row.resident),
  };
}
