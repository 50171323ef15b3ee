/** The grocery lists' export columns: new requests (GET /api/grocery/export) and orders (GET /api/orders/export). */
import type { GroceryRequest, Order } from '../../../shared/contracts/grocery.js';
import { overdueColumn, residentCard } from '../../desk/export-columns.js';
import type { ExportColumn } from '../../lib/list-export.js';

export const groceryRequestExportColumns: readonly ExportColumn<GroceryRequest>[] = [
  { title: 'ID', format: 'int', value: (r) => r._id },
  ...residentCard<GroceryRequest>(),
  { title: 'List', format: 'text', value: (r) => r.list },
  { title: 'Requested', format: 'datetime', value: (r) => r.pressedTime },
  overdueColumn<GroceryRequest>(),
];

/** Orders: the customer, the request, the totals (money cells; no order lines) and the order's times. */
export const orderExportColumns: readonly ExportColumn<Order>[] = [
  { title: 'ID', format: 'int', value: (o) => o._id },
  { title: 'Customer name', format: 'text', value: (o) => o.customerName },
  { title: 'Customer phone', format: 'text', value: (o) => o.customerPhone },
  { title: 'Address', format: 'text', value: (o) => o.customerAddress },
  { title: 'Email', format: 'text', value: (o) => o.customerEmail },
  { title: 'List', format: 'text', value: (o) => o.list },
  { title: 'Items', format: 'int', value: (o) => o.items.length },
  { title: 'Delivery charge', format: 'money', value: (o) => o.deliveryCharge },
  { title: 'Grand total', format: 'money', value: (o) => o.allTotal },
  { title: 'Status', format: 'text', value: (o) => o.Status },
  { title: 'Requested', format: 'datetime', value: (o) => o.pressedTime },
  { title: 'Ordered', format: 'datetime', value: (o) => o.orderedAt },
  { title: 'Updated', format: 'datetime', value: (o) => o.updatedAt },
  { title: 'Delivered', format: 'datetime', value: (o) => o.deliveredAt },
  overdueColumn<Order>(),
];
