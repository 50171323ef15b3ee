/**
 * Where the app reads one item of each kind a push or a notification record can point at
 * (shared/contracts/push.ts): `GET /api/resident/<segment>/{id}` (the list's item shape; 404 when
 * it is not the resident's or their society's), cached under `[...<the list's key>, 'item', id]`.
 * Being under the list's key is what keeps an item screen live: every invalidation of the list
 * (a resident socket event, live/index.ts; a mutation of the list screen) covers its items too.
 */
import type { PushItemType } from '../../shared/contracts/push';
import { keys } from './query-client';

/** Each kind's API segment and the list key its items are cached under. */
export const ITEM_SOURCE: Readonly<Record<PushItemType, { segment: string; listKey: readonly string[] }>> = {
  alarm: { segment: 'alarms', listKey: keys.alarms },
  complaint: { segment: 'complaints', listKey: keys.complaints },
  nothome: { segment: 'nothome', listKey: keys.notHome },
  order: { segment: 'orders', listKey: keys.orders },
  consultation: { segment: 'consultations', listKey: keys.consultations },
  bill: { segment: 'bills', listKey: keys.bills },
  post: { segment: 'feed', listKey: keys.feed },
  discount: { segment: 'discounts', listKey: keys.discounts },
  plot: { segment: 'plots', listKey: keys.plots },
  announcement: { segment: 'announcements', listKey: keys.announcements },
  // A message opens the resident's record of a notification-panel campaign (`id` = the campaign).
  message: { segment: 'messages', listKey: keys.notifications },
};

/** The query key of item `id` of kind `type`, e.g. `['resident', 'complaints', 'item', 42]`. */
export function itemQueryKey(type: PushItemType, id: number): readonly unknown[] {
  return [...ITEM_SOURCE[type].listKey, 'item', id];
}

/** The API path of item `id` of kind `type`, e.g. `/api/resident/complaints/42`. */
export function itemApiPath(type: PushItemType, id: number): string {
  return `/api/resident/${ITEM_SOURCE[type].segment}/${id}`;
}

/**
 * The item id in a route's `:id` (decimal digits, 1 … 2^31−1, as the server accepts), or null
 * for anything else: such a link names no item, and the screen says so without asking the server.
 */
export function parseItemId(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}
