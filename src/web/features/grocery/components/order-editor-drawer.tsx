/**
 * 'Grocery Details' (the /Orders Update drawer, spec section 2 "Orders"), 45% wide
 * (ORDER_DRAWER_WIDTH, section 9). A spinner shows until the order's data is there (section 8);
 * an order delivered meanwhile is shown read-only with the reason.
 */
import { Alert, Center, Loader, Stack } from '@mantine/core';
import type { Order } from '../../../../shared/contracts/grocery';
import { ORDER_DRAWER_WIDTH } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { ResidentDetails } from '../../../components/resident-details';
import { SideDrawer } from '../../../components/side-drawer';
import { errorMessage } from '../../../lib/api-error';
import { useOrder } from '../api/orders';
import { useUpdateOrder } from '../api/update-order';
import { toEditLines } from '../api/order-lines';
import { OrderEditor } from './order-editor';
import { OrderLinesTable } from './order-lines-table';
import { OrderTotals } from './order-totals';

interface OrderEditorDrawerProps {
  order: Order | null;
  opened: boolean;
  onClose: () => void;
}

export function OrderEditorDrawer({ order, opened, onClose }: OrderEditorDrawerProps) {
  const detail = useOrder(opened && order ? order._id : null);
  const current = detail.data;
  const update = useUpdateOrder();
  // Our own Save marks the cached order delivered before its answer's callbacks (toast, close)
  // run: keep the editor until then instead of showing the read-only view.
  const deliveringHere = update.variables?.id === current?._id && update.variables?.action === 'deliver' && (update.isPending || update.isSuccess);
  return (
    <SideDrawer opened={opened} onClose={onClose} title="Grocery Details" size={ORDER_DRAWER_WIDTH}>
      {detail.error && !current ? (
        <Alert color="red" title="Could not load the order">
          {errorMessage(detail.error)}
        </Alert>
      ) : null}
      {!current && !detail.error ? (
        <Center py="xl">
          <Loader aria-label="Loading order" />
        </Center>
      ) : null}
      {current ? (
        <Stack gap={0}>
          {current.update && !deliveringHere ? (
            <>
              <Alert color="gray">{MSG.orderDelivered}</Alert>
              <OrderLinesTable lines={toEditLines(current.items)} />
              <OrderTotals grandTotal={current.allTotal} />
            </>
          ) : (
            // key: another order starts a fresh editor.
            <OrderEditor key={current._id} order={current} update={update} onDone={onClose} />
          )}
          <ResidentDetails resident={current.resident} />
        </Stack>
      ) : null}
    </SideDrawer>
  );
}
