/**
 * /Status (spec section 2 "Status"): search residents by full name (a prefix,
 * case-insensitive, on the server; page and search in the URL), Verify one, choose Approve or
 * Block and Save after the confirm. The pending registrations (newest first) come first, above
 * the residents list: on a 768 px screen below a society's residents they were off-screen, and a
 * resident waiting on the app's waiting screen (which moves on by itself once approved) waited
 * unseen.
 */
import { Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ResidentRow } from '../../../../shared/contracts/residents-admin';
import { DataTable } from '../../../components/data-table';
import { useListParams } from '../../../lib/use-list-params';
import { useLocalListParams } from '../../../lib/use-local-list-params';
import { useResidentList, type ResidentListKind } from '../api/resident-status';
import { residentColumns } from './resident-columns';
import { StatusDrawer } from './status-drawer';
import type { ListParams } from '../../../lib/use-list-params';

function ResidentTable({ kind, list, onVerify }: { kind: ResidentListKind; list: ListParams; onVerify: (row: ResidentRow) => void }) {
  const query = useResidentList(kind, list.view);
  const columns = useMemo(() => residentColumns(onVerify), [onVerify]);
  return (
    <DataTable<ResidentRow>
      query={query}
      columns={columns}
      rowId={(row) => row._id}
      list={list}
      searchPlaceholder="Search by full name"
      exportOf={{ path: kind === 'pending' ? '/api/residents/pending' : '/api/residents' }}
      noRecordsText={
        kind === 'pending'
          ? list.q
            ? 'No pending registration matches this name'
            : 'No pending registrations'
          : list.q
            ? 'No matching document found.'
            : 'No residents'
      }
    />
  );
}

export function StatusScreen() {
  const search = useListParams();
  const pending = useLocalListParams();
  const [selected, setSelected] = useState<number | null>(null);
  const verify = useMemo(() => (row: ResidentRow) => setSelected(row._id), []);

  return (
    <Stack gap="xl">
      <Title order={2}>Status</Title>
      <section aria-label="Pending registrations">
        <Title order={3} mb="md">
          Pending registrations
        </Title>
        <ResidentTable kind="pending" list={pending} onVerify={verify} />
      </section>
      <section aria-label="Residents">
        <Title order={3} mb="md">
          Residents
        </Title>
        <ResidentTable kind="all" list={search} onVerify={verify} />
      </section>
      <StatusDrawer residentId={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}
