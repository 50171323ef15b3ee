/**
 * The billing month field of both billing forms (Generate Bill and the spreadsheet import): typed
 * YYYY-MM as the API takes it, with the month in words under it ('December 2026') once it is one.
 */
import { TextInput } from '@mantine/core';
import { formatMonth } from '../../../../shared/format/day-month';

/** The typed month in words, nothing while it is not a month yet. */
const monthInWords = (period: string) => (formatMonth(period) === period.trim() ? undefined : formatMonth(period));

/**
 * @param value the typed period ('2026-12' once complete)
 * @param error the field's message (the server's or the early check's), if any
 */
export function PeriodInput({ value, onChange, error }: { value: string; onChange: (period: string) => void; error?: string }) {
  return (
    <TextInput
      label="Period (YYYY-MM)"
      description={monthInWords(value)}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={160}
      maxLength={7}
      error={error}
    />
  );
}
