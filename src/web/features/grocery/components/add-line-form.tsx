/**
 * The 'Add New' row editor of the order drawers (spec section 2 "Orders"): Item, Quantity, the
 * unit selector (the 10 units, shown by their labels), Per Price and the read-only line Total,
 * computed as typed. Add puts the line into the items table and empties the editor, the unit
 * back to its first choice (kg), so the next item is not entered in the previous one's unit; it
 * needs an item name (a nameless line could not be saved).
 */
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { UNITS, UNIT_LABELS, type Unit } from '../../../../shared/contracts/grocery';
import { formatMoney } from '../../../../shared/format/money';
import { editLineTotal, lineKey, type EditLine, type NumberText } from '../api/order-lines';
import { PriceInput, QuantityInput } from './amount-inputs';

const UNIT_OPTIONS = UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }));
const isUnit = (value: string): value is Unit => (UNITS as readonly string[]).includes(value);

export function AddLineForm({ onAdd }: { onAdd: (line: EditLine) => void }) {
  const [itemName, setItemName] = useState('');
  const [quantity, setQuantity] = useState<NumberText>('');
  const [currency, setCurrency] = useState<Unit>(UNITS[0]);
  const [price, setPrice] = useState<NumberText>('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!itemName.trim()) return;
    onAdd({ key: lineKey(), itemName: itemName.trim(), quantity, currency, price });
    setItemName('');
    setQuantity('');
    setCurrency(UNITS[0]);
    setPrice('');
  };

  return (
    <form onSubmit={submit} aria-label="Add New" noValidate>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput label="Item" value={itemName} onChange={(e) => setItemName(e.currentTarget.value)} maxLength={200} w={150} autoComplete="off" />
        <QuantityInput label="Quantity" value={quantity} onChange={setQuantity} w={90} />
        <NativeSelect
          label="Unit"
          data={UNIT_OPTIONS}
          value={currency}
          onChange={(e) => isUnit(e.currentTarget.value) && setCurrency(e.currentTarget.value)}
          w={90}
        />
        <PriceInput label="Per Price" value={price} onChange={setPrice} w={100} />
        <TextInput label="Total" value={formatMoney(editLineTotal({ quantity, price }))} readOnly variant="filled" w={100} />
        <Button type="submit" variant="light" disabled={!itemName.trim()}>
          Add
        </Button>
      </Group>
    </form>
  );
}
