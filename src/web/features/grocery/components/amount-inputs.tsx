/**
 * The order editor's number fields (spec section 5: quantity and price are numbers ≥ 0). The
 * inputs refuse a minus sign, more decimals than the server takes (quantity 3, price 2) and values
 * above its bounds, so what is typed is what is saved.
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { MAX_PRICE, MAX_QUANTITY } from '../../../../shared/contracts/grocery';
import type { NumberText } from '../api/order-lines';

interface AmountInputProps extends Pick<NumberInputProps, 'label' | 'aria-label' | 'size' | 'w' | 'placeholder'> {
  value: NumberText;
  onChange: (value: NumberText) => void;
}

const common = { min: 0, allowNegative: false, clampBehavior: 'strict', hideControls: true, thousandSeparator: false } as const;

/** A line's quantity: 0 to 100,000, at most 3 decimals (0.25 kg). */
export function QuantityInput({ value, onChange, ...rest }: AmountInputProps) {
  return <NumberInput {...common} {...rest} value={value} onChange={onChange} max={MAX_QUANTITY} decimalScale={3} inputMode="decimal" />;
}

/** A price per unit in rupees: 0 to 10,000,000, at most 2 decimals. */
export function PriceInput({ value, onChange, ...rest }: AmountInputProps) {
  return <NumberInput {...common} {...rest} value={value} onChange={onChange} max={MAX_PRICE} decimalScale={2} inputMode="decimal" />;
}
