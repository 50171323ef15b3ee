/**
 * The body of 'Grocery Details' (spec section 2 "Orders"): the items table (Items, Quantity,
 * Currency, Price, Total; quantity and price editable, a delete per line), the 'Add New' row
 * editor, 'Delivery Charges: 150Rs', the grand total, and
 * - Update: PUT {action: 'update', items} — the order stays open, the table shows the saved lines;
 * - Save: PUT {action: 'deliver', items} — the order is delivered and leaves /Orders.
 * Success toasts 'Successfully updated!'; a failure 'An error occurred while processing your
 * request.' (section 8). The lines start from the order as loaded when the drawer opened.
 */
import { Button, Group, Title } from '@mantine/core';
import type { OrderDetail } from '../../../../shared/contracts/grocery';
import { MSG } from '../../../../shared/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { toEditLines, toLineInputs } from '../api/order-lines';
import type { UpdateOrderVars, useUpdateOrder } from '../api/update-order';
import { AddLineForm } from './add-line-form';
import { OrderLinesTable } from './order-lines-table';
import { OrderTotals } from './order-totals';
import { notifySaveFailed } from './save-failed';
import { useEditLines } from './use-edit-lines';

interface OrderEditorProps {
  order: OrderDetail;
  /** Owned by the drawer: delivering marks the cached order delivered before the answer's callbacks run. */
  update: ReturnType<typeof useUpdateOrder>;
  onDone: () => void;
}

export function OrderEditor({ order, update, onDone }: OrderEditorProps) {
  const lines = useEditLines(toEditLines(order.items));

  const run = (action: UpdateOrderVars['action']) => {
    if (lines.lines.length === 0) {
      notifyError(MSG.orderNoItems);
      return;
    }
    update.mutate(
      { id: order._id, action, items: toLineInputs(lines.lines) },
      {
        onSuccess: (saved) => {
          notifySuccess(MSG.successUpdated);
          if (action === 'deliver') onDone();
          else lines.reset(toEditLines(saved.items));
        },
        onError: notifySaveFailed,
      },
    );
  };
  const pending = update.isPending ? update.variables.action : null;

  return (
    <>
      <OrderLinesTable lines={lines.lines} onChange={lines.change} onDelete={lines.remove} />
      <Title order={4} mt="md" mb="xs">
        Add New
      </Title>
      <AddLineForm onAdd={lines.add} />
      <OrderTotals grandTotal={lines.grandTotal} />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => run('update')} loading={pending === 'update'} disabled={pending === 'deliver'}>
          Update
        </Button>
        <Button onClick={() => run('deliver')} loading={pending === 'deliver'} disabled={pending === 'update'}>
          Save
        </Button>
      </Group>
    </>
  );
}
