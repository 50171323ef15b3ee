import Big from 'big.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { DELIVERY_CHARGE, UNITS, lineTotal, orderTotal, type OrderLine, type OrderLineInput, type Unit } from '../../../shared/contracts/grocery.js';
import type { Db } from '../../db/client.js';
import { deskRequests, groceryOrderLines, groceryOrders, residents } from '../../db/schema.js';

/** An order's own columns with its lines (money as numbers: numeric comes back from pg as text). */
export interface OrderRecord {
  requestId: number;
  deliveryCharge: number;
  allTotal: number;
  orderedAt: Date;
  updatedAt: Date | null;
  items: OrderLine[];
}

/** The grocery request's row, locked for the rest of the transaction (see `lockRequest`). */
export interface LockedRequest {
  stage: 'new' | 'processing' | 'completed';
  residentId: number;
  pushToken: string | null;
}

/** A stored unit as the contract's type (the API accepts only these values; anything else is corrupt data). */
function toUnit(unit: string): Unit {
  const found = UNITS.find((u) => u === unit);
  if (!found) throw new Error(`grocery_order_lines.unit holds an unknown unit: ${unit}`);
  return found;
}

/** Lines as stored: positions 0..n-1, totals computed here (client totals never reach this). */
function lineRows(societyId: number, requestId: number, items: readonly OrderLineInput[]) {
  return items.map((l, position) => ({
    requestId,
    societyId,
    position,
    itemName: l.itemName,
    quantity: new Big(l.quantity).toFixed(3),
    unit: l.currency,
    price: new Big(l.price).toFixed(2),
    total: new Big(lineTotal(l.quantity, l.price)).toFixed(2),
  }));
}

/**
 * Queries of grocery orders and their lines (spec section 3 "Order", "Order item"). Every call
 * runs inside the caller's society scope and takes the society id. Money is exact: totals are
 * computed with `lineTotal`/`orderTotal` (big.js) and stored as numeric.
 */
export function groceryRepo(db: Db) {
  const request = (societyId: number, id: number) => and(eq(deskRequests.desk, 'grocery'), eq(deskRequests.societyId, societyId), eq(deskRequests.id, id));

  return {
    /**
     * Locks grocery request `id` (`for update`) until the transaction ends, so a place, an update
     * and a delivery of one order run one after another, each seeing the stage the previous one
     * left (a plain read could see a stage another transaction is about to change).
     * @returns its stage and resident (for the push), or undefined outside the society.
     */
    async lockRequest(societyId: number, id: number): Promise<LockedRequest | undefined> {
      const [row] = await db
        .select({ stage: deskRequests.stage, residentId: deskRequests.residentId, pushToken: residents.pushToken })
        .from(deskRequests)
        .innerJoin(residents, eq(residents.id, deskRequests.residentId))
        .where(request(societyId, id))
        .for('update', { of: deskRequests });
      return row;
    },
    /** The order of request `requestId` with `items` (1..n lines), ordered at `at` by `staffId`. */
    async insertOrder(societyId: number, requestId: number, items: readonly OrderLineInput[], at: Date, staffId: number): Promise<void> {
      await db.insert(groceryOrders).values({
        requestId,
        societyId,
        deliveryCharge: new Big(DELIVERY_CHARGE).toFixed(2),
        allTotal: new Big(orderTotal(items)).toFixed(2),
        orderedAt: at,
        orderedBy: staffId,
      });
      await db.insert(groceryOrderLines).values(lineRows(societyId, requestId, items));
    },
    /** Replaces every line of the order (delete + insert, positions 0..n-1), recomputes the total, sets `updated_at`. */
    async replaceLines(societyId: number, requestId: number, items: readonly OrderLineInput[], at: Date): Promise<void> {
      await db.delete(groceryOrderLines).where(and(eq(groceryOrderLines.societyId, societyId), eq(groceryOrderLines.requestId, requestId)));
      await db.insert(groceryOrderLines).values(lineRows(societyId, requestId, items));
      await db
        .update(groceryOrders)
        .set({ allTotal: new Big(orderTotal(items)).toFixed(2), updatedAt: at })
        .where(and(eq(groceryOrders.societyId, societyId), eq(groceryOrders.requestId, requestId)));
    },
    /** The orders of these requests with their lines: two queries whatever the number of ids. */
    async orders(societyId: number, ids: readonly number[]): Promise<Map<number, OrderRecord>> {
      const out = new Map<number, OrderRecord>();
      if (ids.length === 0) return out;
      const orders = await db
        .select()
        .from(groceryOrders)
        .where(and(eq(groceryOrders.societyId, societyId), inArray(groceryOrders.requestId, [...ids])));
      if (orders.length === 0) return out;
      const lines = await db
        .select()
        .from(groceryOrderLines)
        .where(
          and(
            eq(groceryOrderLines.societyId, societyId),
            inArray(
              groceryOrderLines.requestId,
              orders.map((o) => o.requestId),
            ),
          ),
        )
        .orderBy(asc(groceryOrderLines.requestId), asc(groceryOrderLines.position));
      for (const o of orders) {
        out.set(o.requestId, {
          requestId: o.requestId,
          deliveryCharge: Number(o.deliveryCharge),
          allTotal: Number(o.allTotal),
          orderedAt: o.orderedAt,
          updatedAt: o.updatedAt,
          items: [],
        });
      }
      for (const l of lines) {
        out.get(l.requestId)?.items.push({
          itemName: l.itemName,
          quantity: Number(l.quantity),
          currency: toUnit(l.unit),
          price: Number(l.price),
          total: Number(l.total),
        });
      }
      return out;
    },
  };
}
