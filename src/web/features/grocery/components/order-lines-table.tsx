/**
 * An order's items table (spec section 2 "Orders": Items, Quantity, Currency, Price, Total). In
 * an editor (`onChange` given) quantity and price are inputs and each line has a delete button;
 * otherwise everything is read-only. Currency shows the unit's label (kg, liter, …).
 */
import { ActionIcon, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { UNIT_LABELS } from '../../../../shared/contracts/grocery';
import { formatMoney } from '../../../../shared/format/money';
import { amount, editLineTotal, formatQuantity, type EditLine, type NumberText } from '../api/order-lines';
import { PriceInput, QuantityInput } from './amount-inputs';
import { IconTooltip } from '../../../components/icon-tooltip';

interface OrderLinesTableProps {
  lines: EditLine[];
  /** Makes quantity and price editable. */
  onChange?: (key: string, patch: { quantity?: NumberText; price?: NumberText }) => void;
  /** Adds a delete button per line. */
  onDelete?: (key: string) => void;
}

export function OrderLinesTable({ lines, onChange, onDelete }: OrderLinesTableProps) {
  if (lines.length === 0) {
    return (
      <Text c="dimmed" size="sm" my="sm">
        No items yet.
      </Text>
    );
  }
  return (
    <Table striped withTableBorder my="sm" aria-label="Order items">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Items</Table.Th>
          <Table.Th>Quantity</Table.Th>
          <Table.Th>Currency</Table.Th>
          <Table.Th>Price</Table.Th>
          <Table.Th>Total</Table.Th>
          {onDelete ? <Table.Th aria-label="Delete" /> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.key}>
            <Table.Td>{line.itemName}</Table.Td>
            <Table.Td>
              {onChange ? (
                <QuantityInput
                  aria-label={`Quantity of ${line.itemName}`}
                  size="xs"
                  w={90}
                  value={line.quantity}
                  onChange={(quantity) => onChange(line.key, { quantity })}
                />
              ) : (
                formatQuantity(amount(line.quantity))
              )}
            </Table.Td>
            <Table.Td>{UNIT_LABELS[line.currency]}</Table.Td>
            <Table.Td>
              {onChange ? (
                <PriceInput aria-label={`Price of ${line.itemName}`} size="xs" w={100} value={line.price} onChange={(price) => onChange(line.key, { price })} />
              ) : (
                formatMoney(amount(line.price))
              )}
            </Table.Td>
            <Table.Td>{formatMoney(editLineTotal(line))}</Table.Td>
            {onDelete ? (
              <Table.Td>
                <IconTooltip label="Delete item">
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete ${line.itemName}`} onClick={() => onDelete(line.key)}>
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </IconTooltip>
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
