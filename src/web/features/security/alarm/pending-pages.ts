/**
 * Walks every page of the alarm inbox (GET /api/security/alarms, newest first, keyset pages:
 * `?after=<nextAfter>` until `nextAfter` is null, the list contract's cursor), so the catch-up sees
 * every unacknowledged alarm however many there are, not only the first 100. Pure: the fetcher is
 * passed in.
 *
 * `complete` is false when the walk stopped early (more than `maxPages` pages, or a cursor that
 * does not move down): the caller must not conclude that an alarm missing from `items` was
 * acknowledged.
 */
import type { PendingAlarms, SecurityAlert } from '../../../../shared/contracts/security';

/** 50 pages of 100: far more open alarms than a society has; beyond it the answer is partial. */
export const MAX_PENDING_PAGES = 50;

export interface AllPending {
  items: SecurityAlert[];
  /** Presence as of the last page fetched. */
  connectedSecurityStaff: number;
  complete: boolean;
}

export async function fetchAllPending(fetchPage: (after: number | undefined) => Promise<PendingAlarms>, maxPages = MAX_PENDING_PAGES): Promise<AllPending> {
  const items: SecurityAlert[] = [];
  let after: number | undefined;
  let connectedSecurityStaff = 0;
  for (let i = 0; i < maxPages; i++) {
    const page = await fetchPage(after);
    items.push(...page.items);
    connectedSecurityStaff = page.connectedSecurityStaff;
    if (page.nextAfter === null) return { items, connectedSecurityStaff, complete: true };
    if (after !== undefined && page.nextAfter >= after) break;
    after = page.nextAfter;
  }
  return { items, connectedSecurityStaff, complete: false };
}
