/**
 * The order editor's number fields. Spec section 5: quantity and price are coerced to numbers, a
 * negative or non-numeric one becomes 0 (and shows 0): a minus typed turns the value into 0 at
 * once, and a field left empty or holding no number reads 0 when the cursor leaves it. The inputs
 * also refuse more decimals than the server takes (quantity 3, price 2) and values above its
 * bounds, so what is shown is what is saved.
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { MAX_PRICE, MAX_QUANTITY } from '../../../../shared/contracts/grocery';
import type { NumberText } from '../api/order-lines';

interface AmountInputProps extends Pick<NumberInputProps, 'label' | 'aria-label' | 'size' | 'w' | 'placeholder'> {
  value: NumberText;
  onChange: (value: NumberText) => void;
}

function AmountInput({ value, onChange, max, decimals, ...rest }: AmountInputProps & { max: number; decimals: number }) {
  return (
    <NumberInput
      {...rest}
      value={value}
      // A minus sign is let in only to be read: a number below 0 becomes 0 (spec section 5); a
      // lone '-' while typing stays until the number is complete or the cursor leaves.
      onChange={(v) => onChange(typeof v === 'number' && v < 0 ? 0 : v)}
      onBlur={() => {
        if (value === '' || !Number.isFinite(Number(value))) onChange(0);
      }}
      // No `min`: a strict minimum would refuse the minus sign silently, leaving what was there.
      max={max}
      clampBehavior="strict"
      hideControls
      thousandSeparator={false}
      decimalScale={decimals}
      inputMode="decimal"
    />
  );
}

/** A line's quantity: 0 to 100,000, at most 3 decimals (0.25 kg). */
export function QuantityInput(props: AmountInputProps) {
  return <AmountInput {...props} max={MAX_QUANTITY} decimals={3} />;
}

/** A price per unit in rupees: 0 to 10,000,000, at most 2 decimals. */
export function PriceInput(props: AmountInputProps) {
  return <AmountInput {...props} max={MAX_PRICE} decimals={2} />;
}
