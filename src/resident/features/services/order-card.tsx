/** One grocery request as the resident follows it: the list, then the order's lines, delivery and total, and Delivered. */
import { Badge, Card, Group, Table, Text } from '@mantine/core';
import type { ResidentOrder } from '../../../shared/contracts/grocery';
import { t } from '../../i18n/catalogue';
import { formatDateTime } from '../../../shared/format/dates';
import { formatMoney, formatPkr } from '../../../shared/format/money';
import { StageBadge } from './stage-badge';

export function OrderCard({ request }: { request: ResidentOrder }) {
  const order = request.order;
  return (
    <Card withBorder>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{request.list || t.none}</Text>
        {order ? (
          <Badge color={order.Status === 'Delivered' ? 'teal' : 'orange'} variant="light">
            {order.Status === 'Delivered' ? t.grocery.delivered : t.grocery.processing}
          </Badge>
        ) : (
          <StageBadge stage={request.stage} />
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t.services.filedAt(formatDateTime(request.pressedTime))}
      </Text>
      {!order && <Text size="sm">{t.grocery.waiting}</Text>}
      {order && (
        <Table mt="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.grocery.item}</Table.Th>
              <Table.Th>{t.grocery.quantity}</Table.Th>
              <Table.Th>{t.grocery.price}</Table.Th>
              <Table.Th>{t.grocery.lineTotal}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.items.map((line, i) => (
              <Table.Tr key={i}>
                <Table.Td>{line.itemName}</Table.Td>
                <Table.Td>
                  {line.quantity} {line.currency}
                </Table.Td>
                <Table.Td>{formatMoney(line.price)}</Table.Td>
                <Table.Td>{formatMoney(line.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Caption>
            {t.grocery.delivery(formatPkr(order.deliveryCharge))} · <strong>{t.grocery.total(formatPkr(order.allTotal))}</strong>
          </Table.Caption>
        </Table>
      )}
    </Card>
  );
}
