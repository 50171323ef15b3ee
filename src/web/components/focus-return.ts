/**
 * Where keyboard focus goes when a dialog closes and the element that opened it has left the
 * page (a table row that moved to another list after Proceed or Submit).
 */

/** What is remembered of the element that opened a dialog. */
export interface TriggerMark {
  element: HTMLElement;
  /** Its accessible name (aria-label), e.g. 'Action'. */
  label: string | null;
  /** The `data-row-id` of its table row, when it is in one. */
  rowId: string | null;
  /** Its row's position (0-based) in the table body. */
  rowIndex: number;
  table: HTMLTableElement | null;
}

/** Remembers the element that has focus as a dialog opens (null when nothing useful has it). */
export function rememberTrigger(active: Element | null): TriggerMark | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const row = active.closest('tr');
  const table = active.closest('table');
  return {
    element: active,
    label: active.getAttribute('aria-label'),
    rowId: row?.getAttribute('data-row-id') ?? null,
    rowIndex: row?.parentElement ? Array.prototype.indexOf.call(row.parentElement.children, row) : -1,
    table,
  };
}

function buttonIn(row: Element | null | undefined, label: string | null): HTMLElement | null {
  if (!row) return null;
  const selector = label ? `button[aria-label="${CSS.escape(label)}"]` : 'button';
  return row.querySelector<HTMLElement>(selector);
}

/**
 * When focus was lost (it is on the page's body) because the opener left the page, focuses the
 * same row's button if the row was re-rendered, else the button of the row now in its place (or
 * the last row), else the screen's first heading.
 */
export function focusReplacement(mark: TriggerMark): void {
  const active = document.activeElement;
  if (active && active !== document.body) return;
  if (mark.element.isConnected) {
    mark.element.focus({ preventScroll: true });
    return;
  }
  if (mark.rowIndex >= 0) {
    const table = mark.table?.isConnected ? mark.table : document.querySelector('main table');
    const sameRow = mark.rowId ? table?.querySelector(`tbody tr[data-row-id="${CSS.escape(mark.rowId)}"]`) : null;
    const rows = table?.querySelectorAll('tbody tr') ?? [];
    const inPlace = rows.length > 0 ? rows[Math.min(mark.rowIndex, rows.length - 1)] : null;
    const target = buttonIn(sameRow, mark.label) ?? buttonIn(inPlace, mark.label);
    if (target) {
      target.focus({ preventScroll: true });
      return;
    }
  }
  const heading = document.querySelector<HTMLElement>('main h1, main h2');
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}
