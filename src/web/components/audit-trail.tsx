/**
 * A request's history (shared AuditEntry[]): what was done, by whom, when, and the stage change.
 * Oldest first, as the server sends it.
 */
import { Alert, Loader, Text, Timeline, Title } from '@mantine/core';
import type { AuditEntry } from '../../shared/contracts/common';
import { errorMessage } from '../lib/api-error';
import { formatDateTime } from '../../shared/format/dates';
import { stageLabel } from '../../shared/labels';

interface AuditTrailProps {
  history: AuditEntry[] | undefined;
  loading?: boolean;
}

export function AuditTrail({ history, loading }: AuditTrailProps) {
  return (
    <section aria-label="History">
      <Title order={4} mt="lg" mb="xs">
        History
      </Title>
      {loading ? <Loader size="sm" aria-label="Loading history" /> : null}
      {!loading && (!history || history.length === 0) ? (
        <Text c="dimmed" size="sm">
          No history yet.
        </Text>
      ) : null}
      {history && history.length > 0 ? (
        <Timeline active={history.length - 1} bulletSize={14} lineWidth={2}>
          {history.map((entry, index) => (
            <Timeline.Item key={`${entry.at}-${index}`} title={capitalize(entry.action)}>
              <Text size="sm">by {entry.actorName}</Text>
              {entry.fromStage || entry.toStage ? (
                <Text size="sm" c="dimmed">
                  {stageLabel(entry.fromStage)} → {stageLabel(entry.toStage)}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      ) : null}
    </section>
  );
}

function capitalize(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** The history of a detail query (`{history}` with the item): its audit trail, or why it could not load. */
export function DetailHistory({ detail }: { detail: { isError: boolean; error: unknown; isLoading: boolean; data?: { history: AuditEntry[] } } }) {
  if (detail.isError) {
    return (
      <Alert color="red" mt="md">
        {errorMessage(detail.error)}
      </Alert>
    );
  }
  return <AuditTrail history={detail.data?.history} loading={detail.isLoading} />;
}
