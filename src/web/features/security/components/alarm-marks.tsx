/**
 * Small marks an alarm carries wherever it is shown (table rows, drawer): Escalated, whether and
 * by whom it was acknowledged, and the not-at-home context (the resident is away: possible
 * break-in).
 */
import { Alert, Badge, Group } from '@mantine/core';
import { IconHomeOff } from '@tabler/icons-react';
import type { SecurityAlert } from '../../../../shared/contracts/security';

/** 'Acknowledged by Imran Qureshi after 12.4 s' / 'Not acknowledged yet'. */
export function acknowledgementText(alert: Pick<SecurityAlert, 'acknowledgedAt' | 'acknowledgedBy' | 'ackSeconds'>): string {
  if (!alert.acknowledgedAt) return 'Not acknowledged yet';
  const who = alert.acknowledgedBy ? ` by ${alert.acknowledgedBy}` : '';
  const after = alert.ackSeconds !== null ? ` after ${formatSeconds(alert.ackSeconds)}` : '';
  return `Acknowledged${who}${after}`;
}

/** 12.4 → '12.4 s'; 75 → '1 min 15 s'. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds * 10) / 10} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

export function AlarmMarks({ alert }: { alert: SecurityAlert }) {
  return (
    <Group gap={4} wrap="wrap">
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
    <Alert
      color="orange"
      variant={dark ? 'filled' : 'light'}
      mt="sm"
      icon={<IconHomeOff size={20} aria-hidden />}
      title="Resident is away (not at home)"
    >
      They have an active not-at-home request: the home should be empty — possible break-in.
    </Alert>
  );
}
