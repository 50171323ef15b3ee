/**
 * The lines of an order being edited (the 'Grocery List Items' and 'Grocery Details' drawers):
 * add, change quantity or price, delete, start over from stored lines; and the live grand total.
 */
import { useState } from 'react';
import { editOrderTotal, type EditLine, type NumberText } from '../api/order-lines';

export function useEditLines(initial: EditLine[] = []) {
  const [lines, setLines] = useState<EditLine[]>(initial);
  return {
    lines,
    grandTotal: editOrderTotal(lines),
    add: (line: EditLine) => setLines((prev) => [...prev, line]),
    change: (key: string, patch: { quantity?: NumberText; price?: NumberText }) =>
      setLines((prev) => prev.map((line) => (line.key === key ? { ...line, ...patch } : line))),
    remove: (key: string) => setLines((prev) => prev.filter((line) => line.key !== key)),
    reset: (next: EditLine[]) => setLines(next),
  };
}
