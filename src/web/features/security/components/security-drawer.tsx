/**
 * 'Security Details' drawer (spec section 2 "Security", "Processing security", "Completed
 * security"): the shared desk drawer configured for alarms. Every stage shows the date and time
 * of the press, the acknowledgement (who, after how long), the Escalated mark and the
 * not-at-home context. New: a text box 'Write security issue here!' (pre-filled with the
 * resident's own words, if any) and Proceed; processing: the security complaint, Response,
 * checkbox, Submit; completed: Complaint and Response, read-only.
 */
import { Button, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import type { SecurityAlert, ZSecurityUpdate } from '../../../../shared/contracts/security';
import { DeskDrawer, type ProceedSlotProps } from '../../../components/desk-drawer';
import type { DeskDrawerSlotProps } from '../../../components/desk-stage-screen';
import type { DetailItem } from '../../../components/detail-list';
import { formatDate, formatDateTime, formatTime, stageLabel } from '../../../lib/format';
import { securityDesk } from '../api/security-desk';
import { acknowledgementText, AwayWarning } from './alarm-marks';

type SecurityUpdate = z.input<typeof ZSecurityUpdate>;

function summary(alert: SecurityAlert): DetailItem[] {
  const items: DetailItem[] = [
    { label: 'Date', value: formatDate(alert.pressedTime) },
    { label: 'Time', value: formatTime(alert.pressedTime) },
    { label: 'Stage', value: stageLabel(alert.stage) },
  ];
  if (alert.stage === 'new') {
    if (alert.securityComplain) items.push({ label: 'Resident says', value: alert.securityComplain });
  } else {
    items.push({ label: 'Complaint', value: alert.securityComplain });
  }
  if (alert.stage === 'completed') items.push({ label: 'Response', value: alert.response ?? '' });
  items.push({ label: 'Alarm', value: acknowledgementText(alert) });
  if (alert.escalated) items.push({ label: 'Escalated', value: formatDateTime(alert.escalatedAt) });
  return items;
}

function ProceedForm({ item, run, pending }: ProceedSlotProps<SecurityAlert, SecurityUpdate>) {
  const [note, setNote] = useState(item.securityComplain);
  return (
    <Stack gap="sm" mt="md">
      <Textarea
        label="Security issue"
        placeholder="Write security issue here!"
        autosize
        minRows={3}
        maxLength={2000}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Button onClick={() => run({ action: 'proceed', securityComplain: note.trim() })} loading={pending}>
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
      title="Security Details"
      noun="alarm"
      summary={summary}
      extra={(alert) => (alert.notHomeActive ? <AwayWarning /> : null)}
      renderProceed={(slot) => <ProceedForm key={slot.item._id} {...slot} />}
      confirmLabel="I confirm this security issue is resolved"
      submitBody={(input) => input}
    />
  );
}
