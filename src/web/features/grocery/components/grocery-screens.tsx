/**
 * The grocery desk's screens (spec section 2; registered by the feature's index.ts):
 * - /Grocery: new requests (edit false) with the bell ('New Orders List', spec section 2 "Grocery
 *   list"); the Action opens 'Grocery List Items';
 * - /Orders (stage 'open'): Update opens 'Grocery Details', View the read-only items drawer;
 * - /CompletedGrocery (stage 'delivered'): View only.
 * Newest first, 10 a page, server-side search; page, search and cursor in the URL.
 */
import { Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { GroceryRequest, Order } from '../../../../shared/contracts/grocery';
import { DataTable } from '../../../components/data-table';
import { DeskStageScreen } from '../../../mechanisms/desk/desk-stage-screen';
import { OverdueFirst } from '../../../mechanisms/desk/overdue-first';
import { NewRequestsBell, pressedLine, residentLines } from '../../../mechanisms/desk/new-requests-bell';
import { FIRST_PAGE, type ListView } from '../../../lib/list-params';
import { useListParams } from '../../../lib/use-list-params';
import { useGroceryRequests, useOverdueGroceryRequests } from '../api/grocery-requests';
import { useOrders, useOverdueOrders, type OrderStage } from '../api/orders';
import { groceryColumns } from './grocery-columns';
import { GroceryListDrawer } from './grocery-list-drawer';
import { orderColumns } from './order-columns';
import { OrderEditorDrawer } from './order-editor-drawer';
import { OrderViewDrawer } from './order-view-drawer';

/** /Grocery lists the new stage only. */
const useNewGroceryRequests = (_stage: unknown, view: ListView) => useGroceryRequests(view);

const useOverdueNewGroceryRequests = (_stage: unknown, view: ListView) => useOverdueGroceryRequests(view);

/** /Orders' overdue list: the open orders past the processing deadline. */
const useOverdueOpenOrders = (_stage: unknown, view: ListView) => useOverdueOrders(view);

const useNewest = () => useGroceryRequests(FIRST_PAGE);
const bellEntry = (request: GroceryRequest) => [...residentLines(request.resident), { label: 'List', value: request.list }, pressedLine(request.pressedTime)];

/** /Grocery: the desks' shared first-stage screen with the grocery columns, bell and drawer. */
export function GroceryRequestsScreen() {
  return (
    <DeskStageScreen<GroceryRequest>
      stage="new"
      useList={useNewGroceryRequests}
      exportPath="/api/grocery"
      title="Grocery list"
      columns={groceryColumns}
      columnsKey="grocery-requests"
      searchPlaceholder="Search name, phone, address or email"
      emptyText="No new grocery requests"
      noMatchText="No requests match this search"
      toolbar={<NewRequestsBell label="New grocery requests" drawerTitle="New Orders List" useNewest={useNewest} details={bellEntry} />}
      renderDrawer={({ item, opened, onClose }) => <GroceryListDrawer request={item} opened={opened} onClose={onClose} />}
      useOverdueList={useOverdueNewGroceryRequests}
    />
  );
}

/** Which order drawer is open. */
type OpenDrawer = 'update' | 'view' | null;

export function OrdersScreen({ stage }: { stage: OrderStage }) {
  const list = useListParams();
  const query = useOrders(stage, list.view);
  const [selected, setSelected] = useState<Order | null>(null);
  const [open, setOpen] = useState<OpenDrawer>(null);
  const columns = useMemo(() => {
    const show = (drawer: Exclude<OpenDrawer, null>) => (order: Order) => {
      setSelected(order);
      setOpen(drawer);
    };
    return orderColumns({ onUpdate: stage === 'open' ? show('update') : undefined, onView: show('view') });
  }, [stage]);
  const empty = stage === 'open' ? 'No orders in processing' : 'No delivered orders';
  const searchPlaceholder = 'Search name, phone, address or email';

  return (
    <>
      <Title order={2} mb="md">
        {stage === 'open' ? 'Orders' : 'Completed orders'}
      </Title>
      {stage === 'open' ? (
        <OverdueFirst<Order>
          stage="processing"
          useOverdueList={useOverdueOpenOrders}
          columns={columns}
          columnsKey="orders"
          searchPlaceholder={searchPlaceholder}
          onOpen={(order) => {
            setSelected(order);
            setOpen('update');
          }}
        />
      ) : null}
      <DataTable<Order>
        query={query}
        columns={columns}
        columnsKey="orders"
        rowId={(order) => order._id}
        list={list}
        searchPlaceholder={searchPlaceholder}
        noRecordsText={list.q ? 'No orders match this search' : empty}
        exportOf={{ path: '/api/orders', query: { stage } }}
      />
      {stage === 'open' ? <OrderEditorDrawer order={selected} opened={open === 'update'} onClose={() => setOpen(null)} /> : null}
      <OrderViewDrawer order={selected} opened={open === 'view'} onClose={() => setOpen(null)} />
    </>
  );
}
