import { describe, expect, it } from 'vitest';
import { billDescription } from '../../src/shared/contracts/billing.js';
import { lineTotal, orderTotal } from '../../src/shared/contracts/grocery.js';
import { formatMoney, formatPkr, formatPrice, lakhCrore } from '../../src/shared/format/money.js';

describe('formatMoney: two decimals and thousands separators, everywhere money shows', () => {
  it('writes every amount with two decimals', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(980.5)).toBe('980.50');
    expect(formatMoney(330.5)).toBe('330.50');
    expect(formatMoney(150)).toBe('150.00');
    expect(formatMoney(0.3)).toBe('0.30');
  });

  it('separates thousands', () => {
    expect(formatMoney(4565.02)).toBe('4,565.02');
    expect(formatMoney(25e6)).toBe('25,000,000.00');
    expect(formatMoney(999.99)).toBe('999.99');
    expect(formatMoney(1000)).toBe('1,000.00');
    expect(formatMoney(123_456_789.12)).toBe('123,456,789.12');
    expect(formatMoney(10_000_000_000_000)).toBe('10,000,000,000,000.00'); // MAX_ORDER_TOTAL
  });

  it('rounds half-up on the decimal figure, as the totals are computed', () => {
    expect(formatMoney(1.005)).toBe('1.01'); // (1.005).toFixed(2) is '1.00'
    expect(formatMoney(0.125)).toBe('0.13');
    expect(formatMoney(0.004)).toBe('0.00');
    expect(formatMoney(999.995)).toBe('1,000.00');
  });

  it('keeps a minus sign on a negative amount, never on zero', () => {
    expect(formatMoney(-1234.5)).toBe('-1,234.50');
    expect(formatMoney(-0.005)).toBe('-0.01'); // half away from zero
    expect(formatMoney(-0.004)).toBe('0.00');
    expect(formatMoney(-0)).toBe('0.00');
  });

  it('shows a dash for a figure that is not a number', () => {
    expect(formatMoney(Number.NaN)).toBe('—');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('—');
  });

  it('formats the exact totals without changing them', () => {
    expect(formatMoney(lineTotal(3, 0.1))).toBe('0.30');
    expect(formatMoney(orderTotal([{ quantity: 2.5, price: 332.2 }]))).toBe('980.50');
  });

  it('prefixes PKR for bills and plots, and the bill notice uses the same figure', () => {
    expect(formatPkr(4565.02)).toBe('PKR 4,565.02');
    expect(formatPkr(25e6)).toBe('PKR 25,000,000.00');
    expect(billDescription('2026-11', 4565.02)).toBe('Your electricity bill for November 2026 is PKR 4,565.02');
  });
});

describe('a listing price also reads in lakh and crore', () => {
  it('says lakh from one lakh and crore from one crore, to at most two decimals', () => {
    expect(lakhCrore(32_500_000)).toBe('3.25 crore');
    expect(lakhCrore(10_000_000)).toBe('1 crore');
    expect(lakhCrore(1_250_000)).toBe('12.5 lakh');
    expect(lakhCrore(100_000)).toBe('1 lakh');
    expect(lakhCrore(32_567_000)).toBe('3.26 crore');
    expect(lakhCrore(1_234_567_890)).toBe('123.46 crore');
  });

  it('picks the unit after rounding, and says nothing under a lakh', () => {
    expect(lakhCrore(9_999_999)).toBe('1 crore'); // 99.99999 lakh rounds to 100 lakh
    expect(lakhCrore(99_999)).toBe('');
    expect(lakhCrore(0)).toBe('');
    expect(lakhCrore(-5_000_000)).toBe('');
    expect(lakhCrore(Number.NaN)).toBe('');
  });

  it('writes the exact price first, the words after it in brackets that never break inside', () => {
    expect(formatPrice(32_500_000)).toBe('PKR 32,500,000.00 (3.25\u00a0crore)');
    expect(formatPrice(850_000)).toBe('PKR 850,000.00 (8.5\u00a0lakh)');
    expect(formatPrice(45_000)).toBe('PKR 45,000.00');
  });
});
