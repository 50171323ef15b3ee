/**
 * Changes an open order (spec section 2 "Orders", drawer 'Grocery Details'):
 * PUT /api/orders/:id with
 * - `{action: 'update', items}`: the lines are replaced (kept, edited, deleted and new ones), the
 *   totals recomputed by the server; the order stays open (Status 'Processing');
 * - `{action: 'deliver', items}`: the same, then Status 'Delivered', `update` true — the order
 *   moves from /Orders to /CompletedGrocery.
 * → Order. Errors: 400 {message, field} bad line, 404 other society, 409 already delivered.
 *
 * The answer updates the cache like the 'order-updated' event that follows it; a 409 or 404
 * refetches the order lists and the order (list-api's item mutation).
 */
import { ZOrder, type OrderLineInput, type OrderUpdate } from '../../../../shared/contracts/grocery';
import { api } from '../../../lib/api-client';
import { orders } from './orders';

export interface UpdateOrderVars {
  id: number;
  action: OrderUpdate['action'];
  items: OrderLineInput[];
}

export function useUpdateOrder() {
  return orders.useItemMutation(({ id, action, items }: UpdateOrderVars) => {
    const body: OrderUpdate = action === 'update' ? { action: 'update', items } : { action: 'deliver', items };
    return api.put(`/api/orders/${id}`, body, { schema: ZOrder });
  });
}
