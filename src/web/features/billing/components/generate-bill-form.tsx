/**
 * Generate Bill (spec sections 2 "Billing", 9): rate per unit (default 45), units consumed, the
 * period (default this month) and the total — rate × units, 2 decimals, PKR — shown when a number
 * field loses focus. Save → POST /api/bills (the server computes the stored total the same way);
 * after it, the units and the total are emptied for the next bill (the toast names the saved total).
 * A rate or units with more than 2 decimals is not cut silently: the field says so (the shared
 * ZRatePerUnit / ZUnits message) when it loses focus and at Save.
 */
import { Button, Group, NumberInput, Text } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_RATE_PER_UNIT, MAX_RATE_PER_UNIT, MAX_UNITS, ZRatePerUnit, ZUnits, billTotal, type BillResident } from '../../../../shared/contracts/billing';
import { MSG } from '../../../../shared/messages';
import { formatPkr } from '../../../../shared/format/money';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { calendarMonth } from '../../../../shared/calendar';
import { societyTimeZone } from '../../../../shared/format/dates';
import { formatMonth } from '../../../../shared/format/day-month';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateBill } from '../api/create-bill';
import { PeriodInput } from './period-input';

const number = (v: string | number): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const common = { allowNegative: false, clampBehavior: 'strict', hideControls: true, thousandSeparator: false, inputMode: 'decimal' } as const;

type AmountField = 'ratePerUnit' | 'units';
const AMOUNT_SCHEMAS = { ratePerUnit: ZRatePerUnit, units: ZUnits } as const;

/** The shared schema's message for a typed amount (more than 2 decimals, out of range), or undefined. */
function amountProblem(field: AmountField, value: string | number): string | undefined {
  const n = number(value);
  if (n === null) return undefined;
  const parsed = AMOUNT_SCHEMAS[field].safeParse(n);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

export function GenerateBillForm({ resident }: { resident: BillResident }) {
  const [rate, setRate] = useState<string | number>(DEFAULT_RATE_PER_UNIT);
  const [units, setUnits] = useState<string | number>('');
  const [period, setPeriod] = useState(() => calendarMonth(new Date(), societyTimeZone()));
  const [shownTotal, setShownTotal] = useState<number | null>(null);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const create = useCreateBill();

  /** On leaving a number field: its problem under it, or the total when both are fine. */
  const checkAndTotal = (field: AmountField) => {
    const problem = amountProblem(field, field === 'units' ? units : rate);
    if (problem) {
      setFieldError({ field, message: problem });
      setShownTotal(null);
      return;
    }
    if (fieldError?.field === field) setFieldError(null);
    const r = number(rate);
    const u = number(units);
    setShownTotal(r !== null && u !== null && !amountProblem('ratePerUnit', rate) && !amountProblem('units', units) ? billTotal(r, u) : null);
  };

  const save = () => {
    const r = number(rate);
    const u = number(units);
    if (r === null || r <= 0 || u === null) {
      notifyError(MSG.fillRequired);
      return;
    }
    for (const field of ['ratePerUnit', 'units'] as const) {
      const problem = amountProblem(field, field === 'units' ? units : rate);
      if (problem) {
        setFieldError({ field, message: problem });
        notifyError(problem);
        return;
      }
    }
    setFieldError(null);
    create.mutate(
      { residentId: resident.residentId, ratePerUnit: r, units: u, period: period.trim() || undefined },
      {
        onSuccess: (bill) => {
          // The saved total is in the toast; the form starts the next bill, so its total goes with the units.
          notifySuccess(`${MSG.billSaved} ${bill.name}, ${formatMonth(bill.period)}: ${formatPkr(bill.total)}`);
          setUnits('');
          setShownTotal(null);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.field) setFieldError({ field: error.field, message: error.message });
          notifyError(errorMessage(error));
        },
      },
    );
  };

  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);
  return (
    <>
      <Group align="flex-start" gap="sm" mt="md">
        <NumberInput
          {...common}
          label="Rate per unit (PKR)"
          value={rate}
          onChange={setRate}
          onBlur={() => checkAndTotal('ratePerUnit')}
          min={0}
          max={MAX_RATE_PER_UNIT}
          w={180}
          error={errorOf('ratePerUnit')}
        />
        <NumberInput
          {...common}
          label="Units consumed"
          value={units}
          onChange={setUnits}
          onBlur={() => checkAndTotal('units')}
          min={0}
          max={MAX_UNITS}
          w={180}
          error={errorOf('units')}
        />
        <PeriodInput value={period} onChange={setPeriod} error={errorOf('period')} />
      </Group>
      <Group justify="space-between" mt="sm">
        <Text fw={700} aria-live="polite" data-testid="bill-total">
          Total: {shownTotal === null ? '—' : formatPkr(shownTotal)}
        </Text>
        <Button onClick={save} loading={create.isPending}>
          Save
        </Button>
      </Group>
    </>
  );
}
