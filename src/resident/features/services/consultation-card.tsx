/** One doctor request as the resident follows it: the text, its stage, the meeting link, the prescription. */
import { Button, Card, Group, List, Stack, Text } from '@mantine/core';
import type { ResidentConsultation } from '../../../shared/contracts/doctor';
import { t } from '../../i18n/catalogue';
import { formatDateTime } from '../../lib/format';
import { StageBadge } from './stage-badge';

export function ConsultationCard({ consultation: c }: { consultation: ResidentConsultation }) {
  return (
    <Card withBorder>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{c.description || '—'}</Text>
        <StageBadge stage={c.stage} />
      </Group>
      <Text size="sm" c="dimmed">
        {t.services.filedAt(formatDateTime(c.pressedTime))}
      </Text>
      {c.meeting ? (
        <Button component="a" href={c.meeting.meetingUrl} target="_blank" rel="noopener noreferrer" mt="xs" size="sm">
          {t.doctor.join}
        </Button>
      ) : (
        <Text size="sm">{t.doctor.waiting}</Text>
      )}
      {c.prescription && (
        <Stack gap={4} mt="sm">
          <Text fw={700}>{t.doctor.prescription}</Text>
          <List size="sm" listStyleType="none">
            <List.Item>{c.prescription.disease}</List.Item>
            <List.Item>{c.prescription.medicine}</List.Item>
            <List.Item>{c.prescription.testNeeded}</List.Item>
            <List.Item>{c.prescription.thingsToDo}</List.Item>
          </List>
          <Text size="xs" c="dimmed">
            {c.prescription.prescribedBy} · {formatDateTime(c.prescription.prescribedAt)}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
