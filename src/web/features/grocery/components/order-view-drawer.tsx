/**
 * The read-only order drawer (View on /Orders and /CompletedGrocery, spec section 2): status and
 * times, what the resident asked for, the items table, delivery charge and grand total (the
 * server's figures), the customer and the history.
 */
import { Badge, Text, Title } from '@mantine/core';
import type { Order } from '../../../../shared/contracts/grocery';
import { AuditTrail } from '../../../components/audit-trail';
import { DetailList } from '../../../components/detail-list';
import { overdueLine } from '../../../components/overdue-badge';

import { ResidentDetails } from '../../../components/resident-details';
import { SideDrawer } from '../../../components/side-drawer';
import { formatDateTime } from '../../../../shared/format/dates';
import { useOrder } from '../api/orders';
import { toEditLines } from '../api/order-lines';
import { OrderLinesTable } from './order-lines-table';
import { OrderTotals } from './order-totals';

interface OrderViewDrawerProps {
  order: Order | null;
  opened: boolean;
  onClose: () => void;
}

export function OrderViewDrawer({ order, opened, onClose }: OrderViewDrawerProps) {
  const detail = useOrder(opened && order ? order._id : null);
  const current = detail.data ?? order;
  return (
    <SideDrawer opened={opened} onClose={onClose} title="Order Items">
      {current ? (
        <>
          <DetailList
            items={[
              ...overdueLine(current),
              {
                label: 'Status',
                value: (
                  <Badge color={current.update ? 'teal' : 'orange'} variant="light">
                    {current.Status}
                  </Badge>
                ),
              },
              { label: 'Requested at', value: formatDateTime(current.pressedTime) },
              { label: 'Ordered at', value: formatDateTime(current.orderedAt) },
              ...(current.updatedAt ? [{ label: 'Updated at', value: formatDateTime(current.updatedAt) }] : []),
              ...(current.deliveredAt ? [{ label: 'Delivered at', value: formatDateTime(current.deliveredAt) }] : []),
            ]}
          />
          <Title order={4} mt="md" mb="xs">
            Requested items
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }} c={current.list ? undefined : 'dimmed'}>
            {current.list || 'No list given.'}
          </Text>
          <Title order={4} mt="md">
            Items
          </Title>
          <OrderLinesTable lines={toEditLines(current.items)} />
          <OrderTotals grandTotal={current.allTotal} />
          <ResidentDetails resident={current.resident} />
          <AuditTrail history={detail.data?.history} loading={detail.isLoading} />
        </>
      ) : null}
    </SideDrawer>
  );
}
