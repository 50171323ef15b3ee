/**
 * Small marks an alarm carries wherever it is shown (table rows, drawer, toast): Escalated,
 * whether and by whom it was acknowledged, how often the resident pressed, and the not-at-home
 * context (the resident is away: possible break-in), and DRILL for an SOS drill's practice alarm.
 */
import { Alert, Badge, Group } from '@mantine/core';
import { DrillBadge } from '../../../components/drills/drill-badge';
import { IconHomeOff } from '@tabler/icons-react';
import type { SecurityAlert } from '../../../../shared/contracts/security';
import { formatDuration, formatTime } from '../../../../shared/format/dates';

/** 'Acknowledged by Imran Qureshi after 12.4 s' / 'Not acknowledged yet'. */
export function acknowledgementText(alert: Pick<SecurityAlert, 'acknowledgedAt' | 'acknowledgedBy' | 'ackSeconds'>): string {
  if (!alert.acknowledgedAt) return 'Not acknowledged yet';
  const who = alert.acknowledgedBy ? ` by ${alert.acknowledgedBy}` : '';
  const after = alert.ackSeconds !== null ? ` after ${formatDuration(alert.ackSeconds)}` : '';
  return `Acknowledged${who}${after}`;
}

/**
 * 'Pressed 3 times, last at 10:42:05 AM' when the resident pressed again while the alarm was
 * unacknowledged (the presses were merged into it), in the society's time zone; null for a single press.
 */
export function pressesText(alert: Pick<SecurityAlert, 'pressCount' | 'lastPressedTime'>): string | null {
  if (alert.pressCount <= 1) return null;
  return `Pressed ${alert.pressCount} times, last at ${formatTime(alert.lastPressedTime, { seconds: true }) || '—'}`;
}

export { DrillBadge };

export function AlarmMarks({ alert }: { alert: SecurityAlert }) {
  return (
    <Group gap={4} wrap="wrap">
      {alert.drill ? <DrillBadge /> : null}
      {alert.escalated ? (
        <Badge color="red" variant="filled" size="sm">
          Escalated
        </Badge>
      ) : null}
      {alert.acknowledgedAt ? (
        <Badge color="teal" variant="light" size="sm" title={acknowledgementText(alert)}>
          Acknowledged
        </Badge>
      ) : (
        <Badge color="orange" variant="filled" size="sm">
          Not acknowledged
        </Badge>
      )}
      {alert.pressCount > 1 ? (
        <Badge color="yellow" variant="light" size="sm" title={pressesText(alert) ?? undefined}>
          Pressed ×{alert.pressCount}
        </Badge>
      ) : null}
      {alert.notHomeActive ? (
        <Badge color="orange" variant="outline" size="sm">
          Resident away
        </Badge>
      ) : null}
    </Group>
  );
}

/** The context card: the resident reported being away, so the home should be empty. */
export function AwayWarning({ dark }: { dark?: boolean }) {
  return (
    <Alert color="orange" variant={dark ? 'filled' : 'light'} mt="sm" icon={<IconHomeOff size={20} aria-hidden />} title="Resident is away (not at home)">
      They have an active not-at-home request: the home should be empty — possible break-in.
    </Alert>
  );
}
