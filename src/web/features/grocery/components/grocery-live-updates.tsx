/**
 * Keeps the grocery lists live while button-three staff are signed in (spec section 7):
 * - 'receive-grocery' (a resident asked) and 'grocery-updated' (an order was placed for one):
 *   the new-requests list and the bell, through the shared list hook;
 * - 'order-updated' (placed, updated or delivered): the order lists (a fresh order on top of
 *   /Orders, a delivered one moves to /CompletedGrocery, an update replaces the row);
 * - every (re)connect refetches both modules' lists (events may have been missed).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ZOrder } from '../../../../shared/contracts/grocery';
import { onSocketCatchUp, useSocketEvent } from '../../../lib/socket';
import { newRowAnnouncement } from '../../../lib/live-announcer';
import { useListLiveUpdates } from '../../../lib/use-list-live-updates';
import { groceryRequests } from '../api/grocery-requests';
import { applyOrder, orders } from '../api/orders';

export function GroceryLiveUpdates() {
  const queryClient = useQueryClient();
  useListLiveUpdates(groceryRequests, { created: 'receive-grocery', updated: 'grocery-updated' }, (item) =>
    newRowAnnouncement('grocery request', item.resident.name),
  );

  useSocketEvent('order-updated', (payload) => {
    const order = ZOrder.safeParse(payload);
    if (order.success) applyOrder(queryClient, order.data);
    else console.warn("Ignored a malformed 'order-updated' event", order.error.issues);
  });
  useEffect(() => onSocketCatchUp(() => void orders.invalidateLists(queryClient)), [queryClient]);
  return null;
}
