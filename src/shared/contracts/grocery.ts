import Big from 'big.js';
import { z } from 'zod';
import { MSG } from '../messages.js';
import { ZAuditEntry, ZResidentCard, atMostChars, listResponse, zId } from './common.js';
import { ZDeskListQuery, ZDeskRequestBase, ZOverdueSince, ZStage } from './desk.js';

/** Flat delivery charge added to every order total, in rupees (spec section 9: 150 Rs). */
export const DELIVERY_CHARGE = 150;

/**
 * The 10 unit values an order line's `currency` field holds (spec section 3 "Order item"), in the
 * unit selector's order, with the short label the tables show.
 */
export const UNITS = ['Kilogram', 'gram', 'miligram', 'mililiter', 'liter', 'pound', 'dozen', 'pieces', 'boxes', 'packet'] as const;
export type Unit = (typeof UNITS)[number];
export const UNIT_LABELS: Record<Unit, string> = {
  Kilogram: 'kg',
  gram: 'g',
  miligram: 'mg',
  mililiter: 'ml',
  liter: 'liter',
  pound: 'lb',
  dozen: 'dz',
  pieces: 'pcs',
  boxes: 'boxes',
  packet: 'pack',
};

/*
 * Money limits. Each bound fits its column, and every amount they allow has at most 15 significant
 * digits (whole rupees plus 2 decimals), which is why amounts travel as JSON numbers: a decimal of
 * ≤ 15 significant digits parses to a double and prints back (JSON.stringify, Number()) as the
 * same digits, so the JSON text carries the exact stored figure and no paisa is lost (a
 * double is exact only up to 2^53 paisa ≈ 90 trillion rupees, and 16-digit amounts may not round-trip).
 */
/** Largest quantity of one line (a sanity bound: 100,000 units; `quantity` is numeric(12,3)). */
export const MAX_QUANTITY = 100_000;
/** Largest price per unit, in rupees (`price` is numeric(12,2)). */
export const MAX_PRICE = 10_000_000;
/** Most lines one order may have. */
export const MAX_ORDER_LINES = 100;
/**
 * Largest order total (Σ line totals + {@link DELIVERY_CHARGE}), in rupees: 10 trillion. It fits
 * `grocery_orders.all_total` numeric(16,2) (below 10^14) with 15 significant digits at most. One
 * line is at most {@link MAX_QUANTITY} × {@link MAX_PRICE} = 10^12, but 100 such lines (10^14) would
 * overflow the column: such an order is refused with a 400 naming `items`.
 */
export const MAX_ORDER_TOTAL = 10_000_000_000_000;

const hasAtMostDecimals = (n: number, places: number) => Number.isFinite(n) && new Big(n).round(places, Big.roundDown).eq(n);

const QTY_MSG = `Quantity must be a number from 0 to ${MAX_QUANTITY.toLocaleString('en-US')}.`;
const PRICE_MSG = `Price must be a number from 0 to ${MAX_PRICE.toLocaleString('en-US')}.`;

/**
 * One order line as staff enter it (spec section 3 "Order item"; section 9: quantity ≥ 0 and price
 * ≥ 0 are numbers). `quantity` has at most 3 decimals (0.25 kg), `price` (rupees per unit) at most
 * 2. A `total` sent by a client is dropped: the server computes it ({@link lineTotal}).
 */
export const ZOrderLineInput = z.object({
  itemName: z.string({ error: 'Item name is required.' }).trim().min(1, 'Item name is required.').max(200, atMostChars(200)),
  quantity: z
    .number({ error: QTY_MSG })
    .min(0, QTY_MSG)
    .max(MAX_QUANTITY, QTY_MSG)
    .refine((n) => hasAtMostDecimals(n, 3), 'Quantity has at most 3 decimal places.'),
  currency: z.enum(UNITS, { error: `Unit must be one of: ${UNITS.join(', ')}.` }),
  price: z
    .number({ error: PRICE_MSG })
    .min(0, PRICE_MSG)
    .max(MAX_PRICE, PRICE_MSG)
    .refine((n) => hasAtMostDecimals(n, 2), 'Price has at most 2 decimal places.'),
});
export type OrderLineInput = z.infer<typeof ZOrderLineInput>;

const ORDER_TOTAL_MSG = `The order total can be at most ${MAX_ORDER_TOTAL.toLocaleString('en-US')} rupees.`;

/** The lines of an order: 1 to {@link MAX_ORDER_LINES}, whose {@link orderTotal} is at most {@link MAX_ORDER_TOTAL} (else 400 naming `items`). */
export const ZOrderLines = z
  .array(ZOrderLineInput, { error: MSG.orderNoItems })
  .min(1, MSG.orderNoItems)
  .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} items.`)
  .refine((lines) => new Big(orderTotal(lines)).lte(MAX_ORDER_TOTAL), ORDER_TOTAL_MSG);

/** One stored order line: the input plus `total` = quantity × price (rupees, 2 decimals, at most MAX_QUANTITY × MAX_PRICE). */
export const ZOrderLine = ZOrderLineInput.extend({ total: z.number() });
export type OrderLine = z.infer<typeof ZOrderLine>;

/**
 * quantity × price in rupees, exact (decimal arithmetic, rounded half-up to 2 decimals): 0.1 × 3
 * is 0.3, not 0.30000000000000004. The server stores it; the order editor shows the same figure.
 */
export function lineTotal(quantity: number, price: number): number {
  return new Big(quantity).times(price).round(2, Big.roundHalfUp).toNumber();
}

/** Σ line totals + {@link DELIVERY_CHARGE}, exact (spec section 9). Lines whose numbers are not finite count 0. */
export function orderTotal(lines: readonly { quantity: number; price: number }[]): number {
  let sum = new Big(DELIVERY_CHARGE);
  for (const l of lines) {
    if (Number.isFinite(l.quantity) && Number.isFinite(l.price)) sum = sum.plus(new Big(l.quantity).times(l.price).round(2, Big.roundHalfUp));
  }
  return sum.toNumber();
}

/**
 * A grocery request as staff see it on /Grocery (spec section 3 "Grocery request"): `list` is
 * what the resident asked for (may be empty: the app may only press a button and staff call
 * back); `edit` is true once an order was placed for it.
 */
export const ZGroceryRequest = ZDeskRequestBase.extend({ list: z.string() });
export type GroceryRequest = z.infer<typeof ZGroceryRequest>;
export const ZGroceryRequestList = listResponse(ZGroceryRequest);
export const ZGroceryRequestDetail = ZGroceryRequest.extend({ history: z.array(ZAuditEntry) });
export type GroceryRequestDetail = z.infer<typeof ZGroceryRequestDetail>;

/** GET /api/grocery: new requests (edit false), 10 a page, newest first. */
export const ZGroceryListQuery = ZDeskListQuery;

/** POST /api/grocery (resident API): `list` optional, at most 2,000 characters. */
export const ZFileGrocery = z.object({
  list: z.string({ error: 'The list must be text.' }).trim().max(2000, atMostChars(2000)).optional().default(''),
});

/**
 * An order (spec section 3 "Order"): the request's id is the order's `_id`. `Status` 'Processing'
 * while open (`update` false), 'Delivered' once delivered (`update` true). Customer and family
 * fields use the spec's names; money in rupees.
 */
export const ZOrder = z.object({
  _id: z.number().int().describe('The grocery request id (one order per request)'),
  items: z.array(ZOrderLine),
  deliveryCharge: z.number(),
  allTotal: z.number().describe(`rupees, 2 decimals, at most ${MAX_ORDER_TOTAL} (exact as a JSON number: ≤ 15 significant digits)`),
  Status: z.enum(['Processing', 'Delivered']),
  update: z.boolean(),
  list: z.string().describe("The resident's request text"),
  pressedTime: z.string().describe('Requested at (ISO 8601)'),
  orderedAt: z.string(),
  updatedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerAddress: z.string(),
  customerEmail: z.string(),
  Fname: z.string(),
  Fphone: z.string(),
  FMname: z.string(),
  FMphone: z.string(),
  FMname1: z.string(),
  FMphone1: z.string(),
  societyName: z.string(),
  resident: ZResidentCard,
  overdueSince: ZOverdueSince,
});
export type Order = z.infer<typeof ZOrder>;
export const ZOrderList = listResponse(ZOrder);
export const ZOrderDetail = ZOrder.extend({ history: z.array(ZAuditEntry) });
export type OrderDetail = z.infer<typeof ZOrderDetail>;

/** Order list stages: open (/Orders, Processing) and delivered (/CompletedGrocery). */
export const ORDER_STAGES = ['open', 'delivered'] as const;
export const ZOrderListQuery = ZDeskListQuery.extend({ stage: z.enum(ORDER_STAGES, { error: 'Stage must be open or delivered.' }).default('open') });
export type OrderListQuery = z.infer<typeof ZOrderListQuery>;

/** POST /api/orders: turn grocery request `requestId` into an order (a second order → 409). */
export const ZPlaceOrder = z.object({
  requestId: zId('Not a valid request id.'),
  items: ZOrderLines,
});
export type PlaceOrder = z.infer<typeof ZPlaceOrder>;

/**
 * PUT /api/orders/:id: `update` replaces the lines (the order stays open); `deliver` marks it
 * Delivered, replacing the lines first when `items` is sent. A delivered order → 409.
 */
export const ZOrderUpdate = z.discriminatedUnion(
  'action',
  [z.object({ action: z.literal('update'), items: ZOrderLines }), z.object({ action: z.literal('deliver'), items: ZOrderLines.optional() })],
  { error: "Action must be 'update' or 'deliver'." },
);
export type OrderUpdate = z.infer<typeof ZOrderUpdate>;

/**
 * One of a resident's own grocery requests as the resident app shows it (`GET /api/resident/orders`):
 * what was asked (`list`), when, its stage, and the order once staff placed one (`null`
 * while the request is new). Newest first, 10 a page, `{items, total, totalExact}`.
 */
export const ZResidentOrder = z.object({
  _id: z.number().int().describe('The grocery request id (also the order id)'),
  list: z.string(),
  pressedTime: z.string().describe('Requested at (ISO 8601)'),
  stage: ZStage,
  order: ZOrder.nullable(),
});
export type ResidentOrder = z.infer<typeof ZResidentOrder>;
export const ZResidentOrderList = listResponse(ZResidentOrder);
