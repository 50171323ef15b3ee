import type { GroceryRequest, Order, ResidentOrder } from '../../../shared/contracts/grocery.js';
import { IN_APP, PUSH } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import type { DeskRow } from '../../desk/repo.js';
import { mapRows, type DeskDefinition } from '../../desk/service.js';
import { NotFoundError } from '../../lib/errors.js';
import { formatAddress, toResidentCard } from '../residents/service.js';
import { groceryRepo, type OrderRecord } from './repo.js';

/** Row → GroceryRequest (spec section 3 "Grocery request"): `edit` is true once an order was placed. */
export function toGroceryRequest(row: DeskRow): GroceryRequest {
  return {
    _id: row.id,
    list: row.body,
    edit: row.stage !== 'new',
    stage: row.stage,
    pressedTime: row.createdAt.toISOString(),
    societyName: row.societyName,
    resident: toResidentCard(row.resident),
    overdueSince: row.overdueSince?.toISOString() ?? null,
  };
}

/**
 * Row + its order → Order (spec section 3 "Order"): Status 'Processing' while open (stage
 * processing, `update` false), 'Delivered' once delivered (stage completed, `update` true). The
 * customer and family fields use the spec's names; money in rupees.
 */
export function toOrder(row: DeskRow, o: OrderRecord): Order {
  const r = row.resident;
  const delivered = row.stage === 'completed';
  return {
    _id: row.id,
    items: o.items,
    deliveryCharge: o.deliveryCharge,
    allTotal: o.allTotal,
    Status: delivered ? 'Delivered' : 'Processing',
    update: delivered,
    list: row.body,
    pressedTime: row.createdAt.toISOString(),
    orderedAt: o.orderedAt.toISOString(),
    updatedAt: o.updatedAt?.toISOString() ?? null,
    deliveredAt: row.completedAt?.toISOString() ?? null,
    customerName: r.name,
    customerPhone: r.phone,
    customerAddress: formatAddress(r),
    customerEmail: r.email,
    Fname: r.fatherName,
    Fphone: r.fatherPhone,
    FMname: r.fm1Name,
    FMphone: r.fm1Phone,
    FMname1: r.fm2Name,
    FMphone1: r.fm2Phone,
    societyName: row.societyName,
    resident: toResidentCard(r),
    overdueSince: row.overdueSince?.toISOString() ?? null,
  };
}

/** The orders of these rows (all of one society), loaded in two queries inside `tx`. */
async function ordersOf(tx: Db, rows: readonly DeskRow[]): Promise<Map<number, OrderRecord>> {
  if (rows.length === 0) return new Map();
  return groceryRepo(tx).orders(
    rows[0]!.societyId,
    rows.map((r) => r.id),
  );
}

/**
 * Rows → Orders. Every row of stage processing or completed has its order (placed in the same
 * transaction as the stage change); a request still new has none: 404 (no such order).
 */
export async function toOrders(tx: Db, rows: readonly DeskRow[]): Promise<Order[]> {
  const orders = await ordersOf(tx, rows);
  return rows.map((row) => {
    const o = orders.get(row.id);
    if (!o) throw new NotFoundError();
    return toOrder(row, o);
  });
}

/** Rows → the resident's view of their requests: the order when one was placed, else null. */
export async function toResidentOrders(tx: Db, rows: readonly DeskRow[]): Promise<ResidentOrder[]> {
  const orders = await ordersOf(tx, rows);
  return rows.map((row) => {
    const o = orders.get(row.id);
    return { _id: row.id, list: row.body, pressedTime: row.createdAt.toISOString(), stage: row.stage, order: o ? toOrder(row, o) : null };
  });
}

/**
 * The grocery desk (spec sections 2, 4, 5, 7, 9): new = request, processing = order open,
 * completed = delivered. Placing the order tells the resident in-app 'Order has been placed' (the
 * spec names no push for it); delivery pushes 'Order Completed' (it names no in-app record).
 */
export const groceryDesk: DeskDefinition<GroceryRequest> = {
  desk: 'grocery',
  entity: 'grocery',
  pushItem: 'order',
  announceAs: (item) => ({ desk: 'grocery', item }),
  toDtos: mapRows(toGroceryRequest),
  onProceed: { inApp: IN_APP.orderPlaced },
  onSubmit: { push: PUSH.orderCompleted },
};

/**
 * The same desk seen as orders (/Orders, /CompletedGrocery, the editor drawer): its DTO is the
 * Order with its lines, announced under its own key ('order': 'order-updated' to the grocery room). Transitions go through
 * {@link groceryDesk}; this view lists, loads and announces orders.
 */
export const orderDesk: DeskDefinition<Order> = {
  ...groceryDesk,
  announceAs: (item) => ({ desk: 'order', item }),
  toDtos: toOrders,
};

/**
 * The same desk as the resident sees their own requests (`GET /api/resident/orders`). Read only:
 * residents have no socket, so it announces nothing.
 */
export const residentOrderDesk: DeskDefinition<ResidentOrder> = {
  ...groceryDesk,
  announceAs: undefined,
  toDtos: toResidentOrders,
};
