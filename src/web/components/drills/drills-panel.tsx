/**
 * The SOS drills panel (button-one on /Security, super-admin wherever the shell places it; a lazy
 * chunk either way): "Start drill" behind a confirm dialog, the society's drills newest first
 * (10 a page, "Older drills" pages on), and each drill's report in a drawer. Starting opens the
 * new drill's report, which fills in as the screens ring.
 */
import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useDrills, useStartDrill } from './drills-api';
import { DrillReportDrawer } from './drill-report';

export function DrillsPanel() {
  const [after, setAfter] = useState<number | null>(null);
  const drills = useDrills(after);
  const start = useStartDrill();
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const page = drills.data;

  const startDrill = () =>
    start.mutate(undefined, {
      onSuccess: (drill) => {
        setConfirming(false);
        setAfter(null);
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
      {drills.error ? (
        <Alert color="red" title="Could not load the drills">
          {errorMessage(drills.error)}
        </Alert>
      ) : null}
      <Table aria-label="Drills" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Screens rang</Table.Th>
            <Table.Th>Acknowledged by</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page?.items.map((d) => (
            <Table.Tr key={d._id}>
              <Table.Td>{formatDateTime(d.startedAt)}</Table.Td>
              <Table.Td>{d.startedBy}</Table.Td>
              <Table.Td>{d.screensRang}</Table.Td>
              <Table.Td>{d.acknowledgedBy ?? '—'}</Table.Td>
              <Table.Td>
                <Badge color={d.endedAt ? 'gray' : 'green'} variant="light">
                  {d.endedAt ? 'Ended' : 'Running'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => setOpen(d._id)}
                  aria-label={`Report of the drill started ${formatDateTime(d.startedAt)}`}
                >
                  Report
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {page && page.items.length === 0 ? <Text c="dimmed">No drills yet.</Text> : null}
      <Group gap="xs">
        {after !== null ? (
          <Button variant="subtle" onClick={() => setAfter(null)}>
            Newest drills
          </Button>
        ) : null}
        {page?.nextAfter ? (
          <Button variant="subtle" onClick={() => setAfter(page.nextAfter)}>
            Older drills
          </Button>
        ) : null}
      </Group>
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
