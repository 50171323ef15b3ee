import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELIVERY_CHARGE, ZOrderLineInput, ZPlaceOrder, lineTotal, orderTotal } from '../../src/shared/contracts/grocery.js';

/**
 * A line's total in paise by integer arithmetic: quantity in thousandths × price in paise gives
 * 1/100,000 rupee; rounded half-up to paise (both are ≥ 0).
 */
const paiseOf = (quantityMilli: number, pricePaise: number) => Number((BigInt(quantityMilli) * BigInt(pricePaise) + 500n) / 1000n);

describe('grocery money (spec section 9): exact totals', () => {
  it('multiplies without floating-point drift', () => {
    expect(0.1 * 3).not.toBe(0.3); // what plain numbers would show
    expect(lineTotal(3, 0.1)).toBe(0.3);
    expect(lineTotal(2.5, 120.4)).toBe(301);
    expect(lineTotal(0.333, 0.3)).toBe(0.1); // 0.0999 → 0.10
    expect(lineTotal(1.005, 1)).toBe(1.01); // half-up on the decimal value; Math.round(1.005 * 100) / 100 is 1
    expect(lineTotal(0.125, 1)).toBe(0.13);
    expect(lineTotal(0, 99.99)).toBe(0);
    expect(lineTotal(100_000, 10_000_000)).toBe(1_000_000_000_000);
  });

  it('adds the lines and the 150 Rs delivery charge exactly', () => {
    expect(DELIVERY_CHARGE).toBe(150);
    expect(
      orderTotal([
        { quantity: 3, price: 0.1 },
        { quantity: 2.5, price: 120.4 },
      ]),
    ).toBe(451.3);
    expect(
      orderTotal([
        { quantity: 1, price: 0.1 },
        { quantity: 1, price: 0.2 },
      ]),
    ).toBe(150.3);
    expect(orderTotal([])).toBe(150);
    expect(
      orderTotal([
        { quantity: Number.NaN, price: 1 },
        { quantity: 1, price: Number.POSITIVE_INFINITY },
        { quantity: 2, price: 5 },
      ]),
    ).toBe(160);
  });

  it('agrees with integer arithmetic in paise for any allowed quantity and price', () => {
    const line = fc.record({ quantityMilli: fc.integer({ min: 0, max: 100_000_000 }), pricePaise: fc.integer({ min: 0, max: 1_000_000_000 }) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const asNumbers = lines.map((l) => ({ quantity: l.quantityMilli / 1000, price: l.pricePaise / 100 }));
        const paise = lines.map((l) => paiseOf(l.quantityMilli, l.pricePaise));
        asNumbers.forEach((l, i) => expect(Math.round(lineTotal(l.quantity, l.price) * 100)).toBe(paise[i]));
        const sum = paise.reduce((a, b) => a + b, DELIVERY_CHARGE * 100);
        expect(Math.round(orderTotal(asNumbers) * 100)).toBe(sum);
      }),
      { numRuns: 500 },
    );
  });

  it('accepts only what the order editor allows, and drops a client total', () => {
    const ok = { itemName: 'Rice', quantity: 0.001, currency: 'Kilogram', price: 0.01, total: 999 };
    expect(ZOrderLineInput.parse(ok)).toEqual({ itemName: 'Rice', quantity: 0.001, currency: 'Kilogram', price: 0.01 });
    const path = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => r.error?.issues[0]?.path.join('.');
    expect(path(ZOrderLineInput.safeParse({ ...ok, quantity: 0.0001 }))).toBe('quantity');
    expect(path(ZOrderLineInput.safeParse({ ...ok, quantity: -0.5 }))).toBe('quantity');
    expect(path(ZOrderLineInput.safeParse({ ...ok, price: 1.234 }))).toBe('price');
    expect(path(ZOrderLineInput.safeParse({ ...ok, price: '5' }))).toBe('price');
    expect(path(ZOrderLineInput.safeParse({ ...ok, currency: 'kg' }))).toBe('currency');
    expect(path(ZPlaceOrder.safeParse({ requestId: 1, items: [] }))).toBe('items');
  });
});
