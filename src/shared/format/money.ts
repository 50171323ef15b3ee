/**
 * The one way money is written, in both apps and in the server's texts (bill notices): rupees
 * with two decimals and thousands separators, 'PKR 4,565.02' where an amount stands alone. The
 * spec's own labels stay around it — 'Grand Total: 980.50Rs' in the grocery drawers, 'Delivery
 * Charges: 150Rs' (sections 2, 9). A listing's price (plots) also says it in lakh or crore, the
 * units Pakistani buyers think in. Formatting only: the amounts are computed elsewhere in exact
 * decimals (big.js).
 */
import Big from 'big.js';

/**
 * A rupee amount: 4565.02 → '4,565.02', 980.5 → '980.50', 25e6 → '25,000,000.00', 0 → '0.00',
 * -1234.5 → '-1,234.50'. Rounded half-up to 2 decimals on the number's shortest decimal
 * form, as the totals are (1.005 → '1.01', 0.125 → '0.13'; a negative rounds away from zero:
 * -0.005 → '-0.01'); a result of zero never carries a sign. NaN and ±Infinity give '—'.
 */
export function formatMoney(rupees: number): string {
  if (!Number.isFinite(rupees)) return '—';
  const fixed = new Big(rupees).round(2, Big.roundHalfUp).toFixed(2);
  const negative = fixed.startsWith('-') && fixed !== '-0.00';
  const [whole = '0', paise = '00'] = fixed.replace('-', '').split('.');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${paise}`;
}

/** An amount standing alone (bills, totals; spec section 2 "Billing": currency shown as PKR): 4565.02 → 'PKR 4,565.02'. */
export function formatPkr(rupees: number): string {
  return `PKR ${formatMoney(rupees)}`;
}

const LAKH = 100_000;
const CRORE = 10_000_000;

/**
 * The amount in lakh or crore, to at most 2 decimals (half-up, trailing zeros dropped):
 * 32_500_000 → '3.25 crore', 1_250_000 → '12.5 lakh', 10_000_000 → '1 crore', 9_999_999 →
 * '1 crore' (99.99999 lakh rounds to 100 lakh); '' under one lakh, for a negative amount and
 * for NaN or ±Infinity.
 */
export function lakhCrore(rupees: number): string {
  if (!Number.isFinite(rupees) || rupees < LAKH) return '';
  const inUnit = (unit: number) => new Big(rupees).div(unit).round(2, Big.roundHalfUp);
  const lakh = inUnit(LAKH);
  // Decided after rounding, so 99.999 lakh reads '1 crore', not '100 lakh'.
  return lakh.lt(100) ? `${lakh.toString()} lakh` : `${inUnit(CRORE).toString()} crore`;
}

/**
 * A listing's price (plots, spec section 2 "Plots": the price in PKR): the exact amount, then
 * lakh or crore in brackets from one lakh up (its space a no-break one): 32_500_000 → 'PKR 32,500,000.00 (3.25 crore)',
 * 850_000 → 'PKR 850,000.00 (8.5 lakh)', 45_000 → 'PKR 45,000.00'.
 */
export function formatPrice(rupees: number): string {
  const words = lakhCrore(rupees);
  // A no-break space inside the bracket: a narrow column wraps before it, never inside it.
  return words ? `${formatPkr(rupees)} (${words.replace(' ', '\u00a0')})` : formatPkr(rupees);
}
