/** Complaints: file one (POST /api/complain) and follow each one's stage and the staff's response (GET /api/resident/complaints). */
import { Card, Group, Text } from '@mantine/core';
import type { Complaint } from '../../../shared/contracts/complaints';
import { t } from '../../i18n/catalogue';
import { formatDateTime } from '../../lib/format';
import { keys } from '../../lib/query-client';
import { StageBadge } from './stage-badge';
import { TextRequestScreen } from './text-request-screen';

export default function ComplaintsScreen() {
  return (
    <TextRequestScreen<Complaint>
      title={t.services.complaints}
      path="/api/complain"
      field="complain"
      listKey={keys.complaints}
      listPath="/api/resident/complaints"
      texts={{ label: t.complaints.describe, submit: t.complaints.file, filed: t.complaints.filed, mine: t.complaints.mine }}
      renderItem={(c) => (
        <Card key={c._id} withBorder>
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
      )}
    />
  );
}
