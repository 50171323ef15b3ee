/**
 * One SOS drill's report (a drawer): who started it and when, each screen that rang ('Screen 1 —
 * Ali Khan (Chrome on Windows)', numbered by the server in ringing order) with its time to ring
 * (browser-measured) — or "did not ring" when fewer screens rang than were connected —,
 * escalation, who acknowledged and after how long, and the timeline. Refreshed every 2 s while the
 * drill runs; "End drill" acknowledges its alarm and ends it.
 */
import { Alert, Badge, Button, Group, Stack, Table, Text, Timeline } from '@mantine/core';
import { DetailList } from '../detail-list';
import { SideDrawer } from '../side-drawer';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../../shared/format/dates';
import { useDrillReport, useEndDrill } from './drills-api';
import { DrillBadge } from './drill-badge';

export function DrillReportDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const report = useDrillReport(id);
  const end = useEndDrill();
  const r = report.data;
  // Presence counts staff members, not tabs: a connected member none of whose screens rang.
  const missing = r ? Math.max(0, r.screensAtStart - new Set(r.screens.map((s) => s.staff)).size) : 0;

  return (
    <SideDrawer opened={id !== null} onClose={onClose} title="Drill report">
      {report.error ? (
        <Alert color="red" title="Could not load the drill">
          {errorMessage(report.error)}
        </Alert>
      ) : null}
      {r ? (
        <Stack gap="md">
          <Group gap="xs">
            <DrillBadge size="md" />
            <Badge color={r.endedAt ? 'gray' : 'green'} variant="light">
              {r.endedAt ? 'Ended' : 'Running'}
            </Badge>
          </Group>
          <DetailList
            items={[
              { label: 'Started', value: `${formatDateTime(r.startedAt)} by ${r.startedBy}` },
              { label: 'Security staff connected', value: String(r.screensAtStart) },
              { label: 'Escalated', value: r.escalatedAt ? formatDateTime(r.escalatedAt) : 'No' },
              {
                label: 'Acknowledged',
                value: r.acknowledgedAt
                  ? `${formatDateTime(r.acknowledgedAt)} by ${r.acknowledgedBy ?? '—'}${r.ackSeconds !== null ? ` after ${r.ackSeconds} s` : ''}`
                  : 'Not yet',
              },
              { label: 'Ended', value: r.endedAt ? `${formatDateTime(r.endedAt)}${r.endedBy ? ` by ${r.endedBy}` : ''}` : 'Running' },
            ]}
          />
          <Table aria-label="Screens" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Screen</Table.Th>
                <Table.Th>Time to ring</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.screens.map((s) => (
                <Table.Tr key={s.screen}>
                  <Table.Td>{s.label}</Table.Td>
                  <Table.Td>{`${s.ringMs} ms`}</Table.Td>
                </Table.Tr>
              ))}
              {Array.from({ length: missing }, (_, i) => (
                <Table.Tr key={`missing-${i}`}>
                  <Table.Td>A connected member's screen</Table.Td>
                  <Table.Td>did not ring</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text fw={600}>Timeline</Text>
          <Timeline bulletSize={12} lineWidth={2}>
            {r.timeline.map((t, i) => (
              <Timeline.Item key={i} title={t.what}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(t.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {r.endedAt ? null : (
            <Button color="red" variant="light" loading={end.isPending} onClick={() => end.mutate(r._id)}>
              End drill
            </Button>
          )}
        </Stack>
      ) : null}
    </SideDrawer>
  );
}
