/**
 * Where each kind of item opens in the resident app: one table for a push's `{type, id}`
 * (shared/contracts/push.ts, read by the service worker when a notification is tapped) and for an
 * in-app notification record's `{refEntity, refId}` (the audit entity of the desk that wrote it).
 * An item opens at `<its list's path>/<id>`, relative to the app's base (/app).
 */
import type { PushItemType } from '../../shared/contracts/push';

/** The list screen of each kind; its item screen is this path plus `/<id>`. */
export const ITEM_LIST_PATH: Readonly<Record<PushItemType, string>> = {
  alarm: '/alarms',
  complaint: '/services/complaints',
  nothome: '/services/not-home',
  order: '/services/grocery',
  consultation: '/services/doctor',
  bill: '/services/bills',
  post: '/society/feed',
  discount: '/society/discounts',
  plot: '/society/plots',
  announcement: '/society/announcements',
  message: '/notifications',
};

/** The kind of item a notification record's `refEntity` names (null: it names none the app opens). */
const KIND_OF_RECORD: Readonly<Record<string, PushItemType>> = {
  security: 'alarm',
  complaint: 'complaint',
  nothome: 'nothome',
  grocery: 'order',
  doctor: 'consultation',
  bill: 'bill',
  notification_campaign: 'message',
};

/** The path (under the app's base) of item `id` of kind `type`, e.g. `/services/complaints/42`. */
export function itemPath(type: PushItemType, id: number | string): string {
  return `${ITEM_LIST_PATH[type]}/${id}`;
}

/** The kind a notification record's `refEntity` points at, or null when it points at none. */
export function kindOfRecord(refEntity: string | null): PushItemType | null {
  return refEntity === null ? null : (KIND_OF_RECORD[refEntity] ?? null);
}

/**
 * Where an in-app notification record opens: the screen of the item its `refEntity`/`refId` name
 * (`/services/complaints/12`; a notification-panel message: `/notifications/<campaign id>`), or
 * undefined when it names no item the app opens.
 */
export function recordPath(record: { refEntity: string | null; refId: number | null }): string | undefined {
  const kind = kindOfRecord(record.refEntity);
  return kind && record.refId !== null ? itemPath(kind, record.refId) : undefined;
}
