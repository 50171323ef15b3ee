/** One doctor request as the resident follows it: the text, its stage, the meeting link, the prescription (each field labelled) or that there is none yet. */
import { Button, Card, Group, List, Stack, Text } from '@mantine/core';
import type { ResidentConsultation } from '../../../shared/contracts/doctor';
import { t } from '../../i18n/catalogue';
import { formatDateTime } from '../../../shared/format/dates';
import { StageBadge } from './stage-badge';

/** The prescription's fields, in the order the doctor's drawer asks them (staff spec: Disease, Medicine, Test needed, Things to do). */
const PRESCRIPTION_FIELDS = ['disease', 'medicine', 'testNeeded', 'thingsToDo'] as const;

export function ConsultationCard({ consultation: c }: { consultation: ResidentConsultation }) {
  return (
    <Card withBorder>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{c.description || t.none}</Text>
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
      <Stack gap={4} mt="sm">
        <Text fw={700}>{t.doctor.prescription}</Text>
        {c.prescription ? (
          <>
            <List size="sm" listStyleType="none">
              {PRESCRIPTION_FIELDS.map((field) => (
                <List.Item key={field}>
                  <strong>{t.doctor.prescriptionField[field]}:</strong> {c.prescription?.[field]}
                </List.Item>
              ))}
            </List>
            <Text size="xs" c="dimmed">
              {c.prescription.prescribedBy} · {formatDateTime(c.prescription.prescribedAt)}
            </Text>
          </>
        ) : (
          <Text size="sm">{t.doctor.noPrescription}</Text>
        )}
      </Stack>
    </Card>
  );
}
