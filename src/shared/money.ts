/**
 * The one way money is written, in the dashboard and in the server's texts (bill notices): rupees
 * with two decimals and thousands separators. The spec's own labels stay around it — 'Grand
 * Total: 980.50Rs' in the grocery drawers, 'PKR 4,565.02' for bills and plots (sections 2, 9).
 * Formatting only: the amounts are computed elsewhere in exact decimals (big.js).
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

/** A bill's or a plot's amount as shown (spec sections 2 "Billing", "Plots"): 4565.02 → 'PKR 4,565.02'. */
export function formatPkr(rupees: number): string {
  return `PKR ${formatMoney(rupees)}`;
}
