/**
 * 'Security Details' drawer (spec section 2 "Security", "Processing security", "Completed
 * security"): the shared desk drawer configured for alarms. Every stage shows the date and time
 * of the press (and how often the resident pressed), what the resident wrote, the
 * acknowledgement (who, after how long), the Escalated mark and the not-at-home context. New: a
 * text box 'Write security issue here!' for the staff's note and Proceed; processing: the staff's
 * note, Response, checkbox, Submit; completed: the note and Response, read-only. The resident's
 * words and the staff's note are separate fields: Proceed never replaces what the resident wrote.
 */
import { Button, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import type { SecurityAlert, ZSecurityUpdate } from '../../../../shared/contracts/security';
import { DeskDrawer, type ProceedSlotProps } from '../../../mechanisms/desk/desk-drawer';
import type { DeskDrawerSlotProps } from '../../../mechanisms/desk/desk-stage-screen';
import type { DetailItem } from '../../../components/detail-list';
import { formatDate, formatDateTime, formatTime } from '../../../../shared/format/dates';
import { stageLabel } from '../../../../shared/labels';
import { securityDesk } from '../api/security-desk';
import { acknowledgementText, AwayWarning, DrillBadge, pressesText } from './alarm-marks';
import { bindText } from '../../../lib/use-form-errors';

type SecurityUpdate = z.input<typeof ZSecurityUpdate>;

function summary(alert: SecurityAlert): DetailItem[] {
  const items: DetailItem[] = [
    { label: 'Date', value: formatDate(alert.pressedTime) },
    { label: 'Time', value: formatTime(alert.pressedTime) },
    { label: 'Stage', value: stageLabel(alert.stage) },
  ];
  const presses = pressesText(alert);
  if (presses) items.push({ label: 'Presses', value: presses });
  items.push({ label: 'Resident says', value: alert.securityComplain });
  if (alert.stage !== 'new') items.push({ label: 'Staff note', value: alert.staffNote });
  if (alert.stage === 'completed') items.push({ label: 'Response', value: alert.response ?? '' });
  items.push({ label: 'Alarm', value: acknowledgementText(alert) });
  if (alert.escalated) items.push({ label: 'Escalated', value: formatDateTime(alert.escalatedAt) });
  return items;
}

function ProceedForm({ run, pending }: ProceedSlotProps<SecurityAlert, SecurityUpdate>) {
  const [note, setNote] = useState('');
  return (
    <Stack gap="sm" mt="md">
      <Textarea label="Security issue" placeholder="Write security issue here!" autosize minRows={3} maxLength={2000} {...bindText(note, setNote)} />
      <Button onClick={() => run({ action: 'proceed', staffNote: note.trim() })} loading={pending}>
        Proceed
      </Button>
    </Stack>
  );
}

export function SecurityDrawer(props: DeskDrawerSlotProps<SecurityAlert>) {
  return (
    <DeskDrawer
      {...props}
      desk={securityDesk}
      title={props.item?.drill ? 'DRILL · Security Details' : 'Security Details'}
      noun="alarm"
      summary={summary}
      extra={(alert) => (
        <>
          {alert.drill ? <DrillBadge size="md" /> : null}
          {alert.notHomeActive ? <AwayWarning /> : null}
        </>
      )}
      renderProceed={(slot) => <ProceedForm key={slot.item._id} {...slot} />}
      confirmLabel="I confirm this security issue is resolved"
      submitBody={(input) => input}
    />
  );
}
