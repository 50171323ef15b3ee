/**
 * The live delivery report of the last panel message: how many residents it addressed
 * and how many of their pushes were sent, failed or are still pending. It polls while any push
 * is pending (api/campaigns.ts). Shows the message this screen sent, or else the society's newest.
 */
import { Alert, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { CampaignReport } from '../../../../shared/contracts/notification-panel';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../../shared/format/dates';
import { useCampaignReport, useLatestCampaign } from '../api/campaigns';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="center" miw={90} role="group" aria-label={label}>
      <Text size="xl" fw={700}>
        {value.toLocaleString('en-US')}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

function ReportBody({ report }: { report: CampaignReport }) {
  const share = (n: number) => (report.recipients === 0 ? 0 : (100 * n) / report.recipients);
  return (
    <Stack gap="sm">
      <Text>
        <Text span fw={600}>
          {report.title}
        </Text>{' '}
        — {report.kind === 'broadcast' ? 'to all residents' : 'to one resident'}, {formatDateTime(report.createdAt)}
        {report.pending > 0 ? ' (delivering…)' : ''}
      </Text>
      <Group gap="xl">
        <Figure label="Recipients" value={report.recipients} />
        <Figure label="Sent" value={report.sent} />
        <Figure label="Failed" value={report.failed} />
        <Figure label="Pending" value={report.pending} />
      </Group>
      <Progress.Root size="lg" aria-label="Delivery progress">
        <Progress.Section value={share(report.sent)} color="teal" />
        <Progress.Section value={share(report.failed)} color="red" />
      </Progress.Root>
    </Stack>
  );
}

export function DeliveryReport({ campaignId }: { campaignId: number | null }) {
  const own = useCampaignReport(campaignId);
  const latest = useLatestCampaign();
  const shown = campaignId !== null ? own : latest;
  const report = shown.data ?? null;
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-label="Delivery report">
      <Title order={4} mb="sm">
        Delivery report
      </Title>
      {shown.error ? (
        <Alert color="red" title="Could not load the delivery report">
          {errorMessage(shown.error)}
        </Alert>
      ) : report ? (
        <ReportBody report={report} />
      ) : (
        <Text c="dimmed">{shown.isPending ? 'Loading…' : 'No message sent yet.'}</Text>
      )}
    </Paper>
  );
}
