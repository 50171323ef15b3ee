/** A plot price in rupees as shown (spec section 2 "Plots": in PKR): 12500000 → 'PKR 12,500,000'. */
export function formatPkr(rupees: number): string {
  return `PKR ${rupees.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}
