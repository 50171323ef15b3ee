/**
 * The SOS drills panel (button-one on /Security, super-admin wherever the shell places it; a lazy
 * chunk either way): "Start drill" behind a confirm dialog, the society's drills newest first in
 * the app's list table (10 a page, paged both ways; no search, the server has none), and each
 * drill's report in a drawer. Starting opens the new drill's report, which fills in as the screens
 * ring, and brings the list back to its first page, where the new drill is.
 */
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import type { Drill } from '../../../shared/contracts/drills';
import { ConfirmDialog } from '../confirm-dialog';
import { DataTable } from '../data-table';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../../shared/format/dates';
import { notifyError } from '../../lib/notify';
import { useLocalListParams } from '../../lib/use-local-list-params';
import { useDrills, useStartDrill } from './drills-api';
import { DrillReportDrawer } from './drill-report';

const COLUMNS: DataTableColumn<Drill>[] = [
  { accessor: 'startedAt', title: 'Started', noWrap: true, render: (d) => formatDateTime(d.startedAt) },
  { accessor: 'startedBy', title: 'By' },
  { accessor: 'screensRang', title: 'Screens rang', textAlign: 'right' },
  { accessor: 'acknowledgedBy', title: 'Acknowledged by', render: (d) => d.acknowledgedBy ?? '—' },
  {
    accessor: 'endedAt',
    title: 'Status',
    render: (d) => (
      <Badge color={d.endedAt ? 'gray' : 'green'} variant="light">
        {d.endedAt ? 'Ended' : 'Running'}
      </Badge>
    ),
  },
];

export function DrillsPanel() {
  // The list's state stays in the panel: the URL belongs to the screen the panel sits on.
  const list = useLocalListParams();
  const drills = useDrills(list.view);
  const start = useStartDrill();
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState<number | null>(null);

  const startDrill = () =>
    start.mutate(undefined, {
      onSuccess: (drill) => {
        setConfirming(false);
        list.setPage(1);
        setOpen(drill._id);
      },
      onError: (error) => {
        setConfirming(false);
        notifyError(errorMessage(error));
      },
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>SOS drills</Title>
        <Button color="violet" onClick={() => setConfirming(true)}>
          Start drill
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        A drill sends a practice alarm, marked DRILL, to every security screen. Acknowledging it ends the drill. No resident is told.
      </Text>
      <DataTable<Drill>
        query={drills}
        label="Drills"
        columns={COLUMNS}
        rowId={(d) => d._id}
        onOpen={(d) => setOpen(d._id)}
        readOnly
        list={list}
        searchable={false}
        noRecordsText="No drills yet"
      />
      <ConfirmDialog
        opened={confirming}
        title="Start a drill?"
        message="Every security screen will ring with a practice alarm marked DRILL until someone acknowledges it."
        confirmLabel="Start drill"
        busy={start.isPending}
        onConfirm={startDrill}
        onCancel={() => setConfirming(false)}
      />
      <DrillReportDrawer id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
