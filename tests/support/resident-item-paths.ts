/**
 * Where the resident app shows each kind of item a push or a notification record opens (its list
 * screen; the item is this path plus `/<id>`), written out as the tests expect it rather than read
 * from the app's own ITEM_LIST_PATH, so a changed or swapped path fails them.
 */
import type { PushItemType } from '../../src/shared/contracts/push';

export const EXPECTED_ITEM_LIST_PATH: Readonly<Record<PushItemType, string>> = {
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
