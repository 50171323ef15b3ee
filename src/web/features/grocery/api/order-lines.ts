/**
 * The order editor's lines (spec sections 3 "Order item", 5, 9), as pure functions.
 *
 * A line being edited keeps what the number inputs hold (`number | string`: a field may be empty
 * or half typed, e.g. '0.'); {@link amount} reads it as the number the server gets — negative,
 * empty or non-numeric text is 0 (spec section 5: "negative or non-numeric becomes 0"). Totals
 * come from the shared `lineTotal`/`orderTotal` (exact decimals, the server's own figures): 0.1 × 3
 * is 0.3, shown by the shared `formatMoney` (shared/format/money.ts) as '0.30'.
 */
import { lineTotal, orderTotal, type OrderLine, type OrderLineInput, type Unit } from '../../../../shared/contracts/grocery';

/** What a number input holds. */
export type NumberText = number | string;

/** One line in an editor; `key` is local (lines have no id of their own on the server). */
export interface EditLine {
  key: string;
  itemName: string;
  quantity: NumberText;
  currency: Unit;
  price: NumberText;
}

let nextKey = 0;
/** A fresh local key for a line. */
export function lineKey(): string {
  nextKey += 1;
  return `line-${nextKey}`;
}

/** The number a field stands for: finite and ≥ 0, otherwise 0. */
export function amount(value: NumberText): number {
  const n = typeof value === 'number' ? value : Number(value.trim() === '' ? NaN : value);
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

/** quantity × price of an edited line, exact (rupees, 2 decimals). */
export function editLineTotal(line: Pick<EditLine, 'quantity' | 'price'>): number {
  return lineTotal(amount(line.quantity), amount(line.price));
}

/** Σ line totals + the 150 Rs delivery charge (spec section 9). */
export function editOrderTotal(lines: readonly Pick<EditLine, 'quantity' | 'price'>[]): number {
  return orderTotal(lines.map((line) => ({ quantity: amount(line.quantity), price: amount(line.price) })));
}

/** A stored order's lines, ready to edit (keys by position: stable across renders, never a {@link lineKey}). */
export function toEditLines(items: readonly OrderLine[]): EditLine[] {
  return items.map((item, index) => ({ key: `stored-${index}`, itemName: item.itemName, quantity: item.quantity, currency: item.currency, price: item.price }));
}

/** The lines as the API takes them (item names trimmed; the server computes the totals). */
export function toLineInputs(lines: readonly EditLine[]): OrderLineInput[] {
  return lines.map((line) => ({ itemName: line.itemName.trim(), quantity: amount(line.quantity), currency: line.currency, price: amount(line.price) }));
}

/** 2.5 → '2.5' (a quantity, up to 3 decimals). */
export function formatQuantity(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 3 });
}
