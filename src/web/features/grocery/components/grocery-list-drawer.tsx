/**
 * 'Grocery List Items' (the /Grocery Action drawer, spec section 2 "Grocery list"): what the
 * resident asked for, the 'Add New' row editor, the items so far (quantity and price editable,
 * delete per line), 'Delivery Charges: 150Rs' and the live grand total; Save places the order
 * (POST /api/orders). Success toasts 'Successfully updated!', closes the drawer and the request
 * leaves the list; a failure toasts 'An error occurred while processing your request.' (section 8).
 * The spec's drawer had no required-field check; the server needs at least one line, so an empty
 * order is stopped here with that message.
 */
import { Alert, Button, Divider, Group, Text, Title } from '@mantine/core';
import type { GroceryRequest } from '../../../../shared/contracts/grocery';
import { MSG } from '../../../../shared/messages';
import { DetailList } from '../../../components/detail-list';
import { overdueLine } from '../../../components/overdue-badge';

import { ResidentDetails } from '../../../components/resident-details';
import { SideDrawer } from '../../../components/side-drawer';
import { formatDateTime } from '../../../../shared/format/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useGroceryRequest } from '../api/grocery-requests';
import { toLineInputs } from '../api/order-lines';
import { usePlaceOrder } from '../api/place-order';
import { AddLineForm } from './add-line-form';
import { OrderLinesTable } from './order-lines-table';
import { OrderTotals } from './order-totals';
import { notifySaveFailed } from './save-failed';
import { useEditLines } from './use-edit-lines';
import { residentContact } from '../../../components/resident-details';

interface GroceryListDrawerProps {
  request: GroceryRequest | null;
  opened: boolean;
  onClose: () => void;
}

interface NewOrderFormProps {
  request: GroceryRequest;
  /** Owned by the drawer: our own order turns the request `edit` before the answer's callbacks run. */
  place: ReturnType<typeof usePlaceOrder>;
  onDone: () => void;
}

function NewOrderForm({ request, place, onDone }: NewOrderFormProps) {
  const lines = useEditLines();

  const save = () => {
    if (lines.lines.length === 0) {
      notifyError(MSG.orderNoItems);
      return;
    }
    place.mutate(
      { request, items: toLineInputs(lines.lines) },
      {
        onSuccess: () => {
          notifySuccess(MSG.successUpdated);
          onDone();
        },
        onError: notifySaveFailed,
      },
    );
  };

  return (
    <>
      <Title order={4} mt="md" mb="xs">
        Add New
      </Title>
      <AddLineForm onAdd={lines.add} />
      <OrderLinesTable lines={lines.lines} onChange={lines.change} onDelete={lines.remove} />
      <OrderTotals grandTotal={lines.grandTotal} />
      <Group justify="flex-end" mt="md">
        <Button onClick={save} loading={place.isPending}>
          Save
        </Button>
      </Group>
    </>
  );
}

export function GroceryListDrawer({ request, opened, onClose }: GroceryListDrawerProps) {
  const detail = useGroceryRequest(opened && request ? request._id : null);
  const current = detail.data ?? request;
  const place = usePlaceOrder();
  // The cache marks the request ordered while our own save is still finishing: keep the form
  // (its success toast and close) instead of saying someone else ordered it.
  const orderedHere = place.variables?.request._id === current?._id && (place.isPending || place.isSuccess);
  return (
    <SideDrawer opened={opened} onClose={onClose} title="Grocery List Items">
      {current ? (
        <>
          <DetailList
            items={[...overdueLine(current), ...residentContact(current.resident), { label: 'Requested', value: formatDateTime(current.pressedTime) }]}
          />
          <Title order={4} mt="md" mb="xs">
            Requested items
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }} c={current.list ? undefined : 'dimmed'}>
            {current.list || 'No list given: call the resident to take the order.'}
          </Text>
          <Divider my="md" />
          {current.edit && !orderedHere ? (
            <Alert color="gray">An order has already been placed for this request.</Alert>
          ) : (
            <NewOrderForm key={current._id} request={current} place={place} onDone={onClose} />
          )}
          <ResidentDetails resident={current.resident} />
        </>
      ) : null}
    </SideDrawer>
  );
}
