/**
 * The not-at-home lists (spec section 2): /NotHome (active, with the bell and the guard form),
 * /NotHomeCancelled and /NotHomeCompleted (Arrived), the same table with read-only drawers.
 * Newest first, 10 per page, server-side search; page, search and cursor in the URL.
 */
import { Group, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { NotHome, NotHomeState } from '../../../../shared/contracts/not-home';
import { DataTable } from '../../../components/data-table';
import { FIRST_PAGE } from '../../../lib/list-params';
import { useListParams } from '../../../lib/use-list-params';
import { NewRequestsBell, residentLines } from '../../../mechanisms/desk/new-requests-bell';
import { useNotHomeList } from '../api/not-home-requests';
import { GuardDrawer } from './guard-drawer';
import { notHomeColumns } from './not-home-columns';
import { NotHomeViewDrawer } from './not-home-view-drawer';

const TITLES: Record<NotHomeState, string> = {
  active: 'Not at home',
  cancelled: 'Not at home: cancelled',
  arrived: 'Not at home: arrived',
};

const EMPTY: Record<NotHomeState, string> = {
  active: 'Nobody is away right now',
  cancelled: 'No cancelled requests',
  arrived: 'No arrived requests',
};

/** The bell of /NotHome counts active requests with no guard yet (spec section 2 "Not at home"). */
const useUnassigned = () => useNotHomeList('active', FIRST_PAGE, 'unassigned');
const bellEntry = (request: NotHome) => [...residentLines(request.resident, 'PhoneNo'), { label: 'Days', value: request.days }];

/** Which drawer is open: the Action (guard) drawer or the read-only View drawer. */
type OpenDrawer = 'guard' | 'view' | null;

export function NotHomeScreen({ state }: { state: NotHomeState }) {
  const list = useListParams();
  const query = useNotHomeList(state, list.view);
  const [selected, setSelected] = useState<NotHome | null>(null);
  const [open, setOpen] = useState<OpenDrawer>(null);
  const columns = useMemo(
    () =>
      notHomeColumns((request) => {
        setSelected(request);
        setOpen('view');
      }),
    [],
  );

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={2}>{TITLES[state]}</Title>
      </Group>
      <DataTable<NotHome>
        query={query}
        columns={columns}
        columnsKey="not-home"
        readOnly={state !== 'active'}
        rowId={(request) => request._id}
        onOpen={(request) => {
          setSelected(request);
          setOpen('guard');
        }}
        list={list}
        searchPlaceholder="Search name, phone, address or email"
        exportOf={{ path: '/api/nothome', query: { state } }}
        toolbar={
          state === 'active' ? (
            <NewRequestsBell label="New not-at-home requests" drawerTitle="Not at Home Persons Details" useNewest={useUnassigned} details={bellEntry} />
          ) : undefined
        }
        noRecordsText={list.q ? 'No requests match this search' : EMPTY[state]}
      />
      <GuardDrawer request={selected} opened={open === 'guard'} onClose={() => setOpen(null)} />
      <NotHomeViewDrawer request={selected} opened={open === 'view'} onClose={() => setOpen(null)} />
    </>
  );
}
