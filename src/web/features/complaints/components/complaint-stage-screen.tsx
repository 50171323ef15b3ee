/**
 * One complaint list screen per stage: /Complaints (new, with the bell), /Pending (processing)
 * and /Completed. Page and search are in the URL; the drawer opens from the Action column.
 */
import { Group, Title } from '@mantine/core';
import { useState } from 'react';
import type { Complaint } from '../../../../shared/contracts/complaints';
import type { Stage } from '../../../../shared/contracts/desk';
import { DataTable } from '../../../components/data-table';
import { useListParams } from '../../../lib/use-list-params';
import { complaintsDesk } from '../api/complaints-desk';
import { complaintColumns } from './complaint-columns';
import { ComplaintDrawer } from './complaint-drawer';
import { NewComplaintsBell } from './new-complaints-bell';

const TITLES: Record<Stage, string> = {
  new: 'New complaints',
  processing: 'Processing complaints',
  completed: 'Completed complaints',
};

const EMPTY: Record<Stage, string> = {
  new: 'No new complaints',
  processing: 'No complaints in processing',
  completed: 'No completed complaints',
};

export function ComplaintStageScreen({ stage }: { stage: Stage }) {
  const list = useListParams();
  const { data, isFetching, isPlaceholderData, error } = complaintsDesk.useList(stage, list.page, list.q);
  const [selected, setSelected] = useState<Complaint | null>(null);
  const [opened, setOpened] = useState(false);

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={2}>{TITLES[stage]}</Title>
      </Group>
      <DataTable<Complaint>
        records={data?.items}
        total={data?.total}
        fetching={isFetching && (isPlaceholderData || !data)}
        error={error}
        columns={complaintColumns}
        rowKey={(complaint) => complaint._id}
        onOpen={(complaint) => {
          setSelected(complaint);
          setOpened(true);
        }}
        list={list}
        searchPlaceholder="Search name, phone, address or complaint"
        toolbar={stage === 'new' ? <NewComplaintsBell /> : undefined}
        noRecordsText={list.q ? 'No complaints match this search' : EMPTY[stage]}
      />
      <ComplaintDrawer stage={stage} complaint={selected} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
