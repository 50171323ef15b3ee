/**
 * One alarm toast (spec section 1 "Live alert popup"): dark and persistent, with the resident's
 * name, age, phone, address, email, designation, owner flag (Owner / Tenant) and two family
 * members with phones, the time pressed (and, when the resident pressed again, how often and
 * when last), the resident's own words, an Escalated badge, and the context card when the
 * resident reported being away. Closing it acknowledges the alarm (see ../alarm/acknowledge).
 * Once someone else acknowledged it, it says who, stops ringing and closes itself after a while.
 * It is dark in both colour schemes: darker than the dark page, with a light edge, so it stands
 * out at night too; its greys are chosen for 4.5:1 on dark-8 (WCAG 2.2 AA).
 * Alt+Shift+A (ALARM_HOTKEY, ./alarm-center) puts the keyboard focus on its close button.
 *
 * The toast reads its alarm from the alarm store, so every change (escalated, acknowledged,
 * a failed acknowledgement) shows without re-creating the toast.
 */
import { Alert, Badge, Box, Button, CloseButton, Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconCircleCheck, IconSos } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ResidentCard } from '../../../../shared/contracts/common';
import { formatDate, formatDuration, formatTime } from '../../../../shared/format/dates';
import { closeAlarm } from '../alarm/acknowledge';
import { useAlarmEntry } from '../alarm/alarm-runtime';
import { LazyIconTooltip } from '../../../components/lazy-icon-tooltip';
import { DRILL_COLOR, DRILL_TOAST_TEXT } from '../../../app/theme';
import { AwayWarning, DrillBadge, pressesText } from './alarm-marks';

interface AlarmToastProps {
  id: number;
  /** Opens /Security (button-one only; super-admin has no security desk). */
  onOpenDesk?: () => void;
}

function Field({ label, children, span }: { label: string; children: ReactNode; span?: boolean }) {
  return (
    <Box style={span ? { gridColumn: '1 / -1' } : undefined}>
      <Text size="xs" c="gray.5" lh={1.2}>
        {label}
      </Text>
      <Text size="sm" c="gray.0" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
        {children === '' || children === null ? '—' : children}
      </Text>
    </Box>
  );
}

const namePhone = (name: string, phone: string) => [name, phone].filter(Boolean).join(' · ');

function ResidentFields({ resident }: { resident: ResidentCard }) {
  return (
    <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} mt="xs">
      <Field label="Phone">{resident.phoneNo}</Field>
      <Field label="Age">{resident.age ?? ''}</Field>
      <Field label="Address" span>
        {resident.address}
      </Field>
      <Field label="Email">{resident.email}</Field>
      <Field label="Designation">{resident.designation}</Field>
      <Field label="Family member 1">{namePhone(resident.fmName, resident.fmphoneNo)}</Field>
      <Field label="Family member 2">{namePhone(resident.fmName1, resident.fmphoneNo1)}</Field>
    </SimpleGrid>
  );
}

export function AlarmToast({ id, onOpenDesk }: AlarmToastProps) {
  const entry = useAlarmEntry(id);
  if (!entry?.alert) return null;
  const { alert, status } = entry;
  const { resident } = alert;
  const acknowledged = status === 'acknowledged';
  const presses = pressesText(alert);
  // A drill rings like an alarm but in its own colour, so nobody mistakes it for a real one.
  const drill = alert.drill;
  const accent = acknowledged ? 'teal' : drill ? DRILL_COLOR : 'red';

  return (
    <Paper
      bg="dark.8"
      c="gray.0"
      p="md"
      radius="md"
      shadow="xl"
      aria-label={`${drill ? 'DRILL: ' : ''}Security alarm from ${resident.name}`}
      style={{
        border: '1px solid var(--mantine-color-dark-3)',
        borderLeft: `6px solid var(--mantine-color-${accent}-6)`,
        pointerEvents: 'auto',
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon color={accent} variant="filled" size="lg" radius="xl" aria-hidden>
            {acknowledged ? <IconCircleCheck size={20} /> : <IconSos size={20} />}
          </ThemeIcon>
          <div>
            <Text fw={700} size="sm" tt="uppercase" c={acknowledged ? 'teal.3' : drill ? DRILL_TOAST_TEXT : 'red.3'} lh={1.2}>
              {drill ? 'Drill: security alarm' : 'Security alarm'}
            </Text>
            <Text size="xs" c="gray.4">
              Pressed at {formatTime(alert.pressedTime)} on {formatDate(alert.pressedTime)}
            </Text>
            {presses ? (
              <Text size="sm" fw={700} c="yellow.4" lh={1.3}>
                {presses}
              </Text>
            ) : null}
          </div>
          {drill ? <DrillBadge size="md" /> : null}
          {alert.escalated ? (
            <Badge color="red" variant="filled">
              Escalated
            </Badge>
          ) : null}
        </Group>
        <LazyIconTooltip label={acknowledged ? 'Close' : 'Close to acknowledge this alarm'}>
          <CloseButton
            data-alarm-close
            aria-keyshortcuts="Alt+Shift+A"
            aria-label={acknowledged ? 'Close' : 'Close alarm'}
            variant="subtle"
            c="gray.0"
            onClick={() => void closeAlarm(id)}
          />
        </LazyIconTooltip>
      </Group>

      <Group gap="xs" mt="sm" align="center">
        <Text fz={22} fw={700} lh={1.2}>
          {resident.name}
        </Text>
        <Badge color={resident.owner ? 'blue' : 'grape'} variant="light">
          {resident.owner ? 'Owner' : 'Tenant'}
        </Badge>
      </Group>
      <ResidentFields resident={resident} />
      {alert.securityComplain ? (
        <Text size="sm" mt="xs" c="gray.1">
          “{alert.securityComplain}”
        </Text>
      ) : null}
      {alert.notHomeActive ? <AwayWarning dark /> : null}

      {acknowledged ? (
        <Text mt="sm" fw={600} c="teal.3" role="status">
          Acknowledged by {entry.acknowledgedBy ?? 'another staff member'}
          {entry.ackSeconds !== null ? ` after ${formatDuration(entry.ackSeconds)}` : ''}
        </Text>
      ) : null}
      {entry.error && status === 'ringing' ? (
        <Alert color="red" variant="filled" mt="sm" title="The acknowledgement was not recorded">
          {entry.error} Close the alarm again to retry.
        </Alert>
      ) : null}

      <Group justify="space-between" mt="sm" gap="xs">
        <Text size="xs" c="gray.5">
          {acknowledged ? 'Someone has answered this alarm.' : 'Close this alarm to acknowledge it.'}
        </Text>
        {onOpenDesk ? (
          <Button size="compact-sm" variant="white" color="dark" rightSection={<IconArrowRight size={14} aria-hidden />} onClick={onOpenDesk}>
            Open Security
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
