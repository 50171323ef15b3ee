/**
 * Grocery orders (spec section 2 "Orders" and "Completed grocery", section 3 "Order", section 4),
 * on the app's one list helper (lib/list-api.ts, lib/list-cache.ts):
 *
 * - GET /api/orders?stage=open|delivered&page&q[&after|&before] → {items: Order[], total,
 *   totalExact}: open = Status 'Processing' (`update` false, /Orders), delivered = 'Delivered'
 *   (`update` true, /CompletedGrocery); newest first, 10 a page.
 * - GET /api/orders/:id → OrderDetail (the order + history).
 *
 * An order only moves open → delivered. Its version is its status with its last change and
 * total, so an update that keeps it open (new lines) is applied once per change, not once ever.
 * Query keys: `['orders', 'list', {stage}, page, q, cursor]` and `['orders', 'detail', id]`.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ORDER_STAGES, ZOrder, ZOrderDetail, type Order } from '../../../../shared/contracts/grocery';
import { api } from '../../../lib/api-client';
import { createListApi } from '../../../lib/list-api';
import type { ListView } from '../../../lib/list-params';

export type OrderStage = (typeof ORDER_STAGES)[number];
/** `overdue: '1'` keeps the open orders past their deadline ("Overdue first" on /Orders). */
export type OrderFilters = { stage: OrderStage; overdue?: '1' };

/** The list an order in this state belongs to. */
export function orderStage(order: Pick<Order, 'update'>): OrderStage {
  return order.update ? 'delivered' : 'open';
}

export const orders = createListApi<Order, OrderFilters>({
  root: 'orders',
  path: '/api/orders',
  itemSchema: ZOrder,
  filtersSchema: z.strictObject({ stage: z.enum(ORDER_STAGES), overdue: z.literal('1').optional() }),
  belongs: (order, filters) => orderStage(order) === filters.stage && (filters.overdue !== '1' || Boolean(order.overdueSince)),
  cameFrom: (order) => (order.update ? [{ stage: 'open' }] : []),
  version: (order) => JSON.stringify([order.Status, order.updatedAt, order.deliveredAt, order.allTotal, order.items.length, order.overdueSince]),
});

/**
 * An order the server announced ('order-updated') or a mutation answered: a freshly placed order
 * (open, never updated) goes on top of the open lists; any other change moves or replaces it.
 */
export function applyOrder(queryClient: QueryClient, order: Order): void {
  if (!order.update && order.updatedAt === null) orders.applyCreated(queryClient, order);
  else orders.applyUpdated(queryClient, order);
}

/** One page of the open or delivered orders. */
export function useOrders(stage: OrderStage, view: ListView) {
  return orders.useList({ stage }, view);
}

/** One page of the open orders past their deadline (`overdue=1`). */
export function useOverdueOrders(view: ListView) {
  return orders.useList({ stage: 'open', overdue: '1' }, view);
}

/** One order with its lines and history (disabled while `id` is null). */
export function useOrder(id: number | null) {
  return useQuery({
    queryKey: orders.keys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get(`/api/orders/${id}`, { schema: ZOrderDetail, signal }),
    enabled: id !== null,
  });
}
