/**
 * New grocery requests (spec section 2 "Grocery list", section 3 "Grocery request"), on the app's
 * one list helper (lib/list-api.ts, lib/list-cache.ts):
 *
 * - GET /api/grocery?page&q[&after|&before] → {items: GroceryRequest[], total, totalExact}:
 *   the society's requests with `edit` false, newest first, 10 a page (cursors: docs/adr/0003)
 * - GET /api/grocery/:id → GroceryRequestDetail (the request + history)
 *
 * One list only (no filters): a request belongs to it while no order was placed for it (stage
 * 'new', `edit` false); once ordered it leaves and never comes back.
 * Query keys: `['grocery', 'list', {}, page, q, cursor]` and `['grocery', 'detail', id]`.
 */
import { z } from 'zod';
import { ZGroceryRequest, ZGroceryRequestDetail, type GroceryRequest } from '../../../../shared/contracts/grocery';
import { createListApi } from '../../../lib/list-api';
import type { ListView } from '../../../lib/list-params';

/** The new-requests list's one filter: `overdue: '1'` for the overdue requests only ("Overdue first"). */
export type GroceryFilters = { overdue?: '1' };
const NO_FILTERS: GroceryFilters = {};

export const groceryRequests = createListApi<GroceryRequest, GroceryFilters>({
  root: 'grocery',
  path: '/api/grocery',
  itemSchema: ZGroceryRequest,
  filtersSchema: z.strictObject({ overdue: z.literal('1').optional() }),
  belongs: (item, filters) => item.stage === 'new' && !item.edit && (filters.overdue !== '1' || Boolean(item.overdueSince)),
  cameFrom: () => [],
  version: (item) => `${item.stage}:${item.edit}:${item.overdueSince ?? ''}`,
});

/** One page of the new requests (the table, and with FIRST_PAGE the bell). */
export function useGroceryRequests(view: ListView) {
  return groceryRequests.useList(NO_FILTERS, view);
}

/** One page of the new requests past their deadline (`overdue=1`). */
export function useOverdueGroceryRequests(view: ListView) {
  return groceryRequests.useList({ overdue: '1' }, view);
}

/** One request with its history (disabled while `id` is null). */
export function useGroceryRequest(id: number | null) {
  return groceryRequests.useDetail(id, ZGroceryRequestDetail);
}
