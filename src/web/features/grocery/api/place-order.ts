/**
 * Turns a grocery request into an order (spec section 2 "Grocery list", drawer 'Grocery List
 * Items'): POST /api/orders {requestId, items: [{itemName, quantity, currency, price}]} → 201 Order
 * (the server computes every `total` and `allTotal`; the order's `_id` is the request's).
 * Errors: 400 {message, field} bad line, 404 request of another society or gone, 409 an order
 * already exists for it (someone else was quicker).
 *
 * On success the request leaves /Grocery and the order lands on /Orders at once, exactly as the
 * socket events that follow ('grocery-updated', 'order-updated') would do it. On 409 or 404 the
 * new-requests lists are refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOrder, type GroceryRequest, type OrderLineInput } from '../../../../shared/contracts/grocery';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { groceryRequests } from './grocery-requests';
import { applyOrder } from './orders';

export interface PlaceOrderVars {
  request: GroceryRequest;
  items: OrderLineInput[];
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, items }: PlaceOrderVars) => api.post('/api/orders', { requestId: request._id, items }, { schema: ZOrder }),
    onSuccess: (order, { request }) => {
      groceryRequests.applyUpdated(queryClient, { ...request, edit: true, stage: 'processing' });
      applyOrder(queryClient, order);
    },
    onError: (error, { request }) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        void groceryRequests.invalidateLists(queryClient);
        void queryClient.invalidateQueries({ queryKey: groceryRequests.keys.detail(request._id) });
      }
    },
  });
}
