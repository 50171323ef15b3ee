/**
 * A day typed DD/MM/YYYY, whatever the browser's locale (a native date input shows mm/dd/yyyy in
 * an en-US browser, misread on days 1–12). Digits only; the slashes come by themselves. `value`
 * and `onChange` carry the API's 'YYYY-MM-DD' ('' for no day): onChange fires once the text is a
 * whole day on the calendar, or is emptied; a text that is neither says so when the field is left.
 */
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '../../shared/format/dates';
import { parseDay } from '../../shared/format/day-month';

/** '21032026' → '21/03/2026' as it is typed (at most 8 digits). */
function masked(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

export function DayInput({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  const [text, setText] = useState(() => formatDate(value));
  const [shown, setShown] = useState(value);
  const [error, setError] = useState<string | null>(null);
  // A value set from outside (Clear filters) replaces the text.
  if (value !== shown) {
    setShown(value);
    setText(formatDate(value));
    setError(null);
  }

  const change = (next: string) => {
    const typed = masked(next);
    setText(typed);
    setError(null);
    const day = typed === '' ? '' : parseDay(typed);
    if (day !== null && day !== value) {
      setShown(day);
      onChange(day);
    }
  };

  return (
    <TextInput
      label={label}
      placeholder="DD/MM/YYYY"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      value={text}
      error={error}
      onChange={(e) => change(e.currentTarget.value)}
      onBlur={() => setError(text === '' || parseDay(text) ? null : 'Enter a date as DD/MM/YYYY.')}
    />
  );
}
