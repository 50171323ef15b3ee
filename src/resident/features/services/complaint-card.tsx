/** One complaint as the resident follows it: the text, its stage, when it was sent, the staff's response. */
import { Card, Group, Text } from '@mantine/core';
import type { Complaint } from '../../../shared/contracts/complaints';
import { t } from '../../i18n/catalogue';
import { formatDateTime } from '../../../shared/format/dates';
import { StageBadge } from './stage-badge';

export function ComplaintCard({ complaint: c }: { complaint: Complaint }) {
  return (
    <Card withBorder>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{c.complain}</Text>
        <StageBadge stage={c.stage} />
      </Group>
      <Text size="sm" c="dimmed">
        {t.services.filedAt(formatDateTime(c.pressedTime))}
      </Text>
      {c.response && (
        <Text mt="xs">
          <strong>{t.complaints.response}:</strong> {c.response}
        </Text>
      )}
    </Card>
  );
}
