/**
 * The foot of every order drawer (spec sections 2 "Orders", 9): 'Delivery Charges: 150Rs' and
 * the grand total (Σ line totals + 150), in rupees with two decimals ('Grand Total: 980.50Rs';
 * the spec's delivery text stays as it is written).
 */
import { Stack, Text } from '@mantine/core';
import { DELIVERY_CHARGE } from '../../../../shared/contracts/grocery';
import { formatMoney } from '../../../../shared/format/money';

export function OrderTotals({ grandTotal }: { grandTotal: number }) {
  return (
    <Stack gap={2} mt="sm" align="flex-end">
      <Text size="sm">Delivery Charges: {DELIVERY_CHARGE}Rs</Text>
      <Text fw={700}>Grand Total: {formatMoney(grandTotal)}Rs</Text>
    </Stack>
  );
}
