/**
 * The home screen: the SOS button (held 2 s) and the resident's latest alarm as it moves on:
 * "Sent", then "Acknowledged at <time>" (by <name> once the resident API tells the name), then
 * "Resolved" with the staff's response. A press while the alarm is open adds to it (the server
 * merges presses and counts them). Read by polling until the resident socket exists.
 */
import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import type { ResidentAlarm } from '../../../shared/contracts/resident';
import { ErrorNotice } from '../../app/error-notice';
import { t } from '../../i18n/catalogue';
import { errorText } from '../../lib/api';
import { formatDateTime, formatTime } from '../../lib/format';
import { HoldButton } from './hold-button';
import { alarmPhase, useLatestAlarm, useRaiseAlarm } from './sos-api';

/** How long SOS must be held, ms: long enough that a pocket cannot press it. */
export const SOS_HOLD_MS = 2_000;

export function SosScreen() {
  const latest = useLatestAlarm();
  const raise = useRaiseAlarm();
  const alarm = latest.data ?? null;
  const open = alarm !== null && alarm.stage !== 'completed';
  return (
    <Stack p="md" align="stretch">
      <Title order={2} ta="center">
        {t.sos.title}
      </Title>
      <HoldButton
        label={t.sos.holdLabel}
        text={raise.isPending ? t.sos.sending : t.sos.button}
        hint={open ? t.sos.holdAgainHint : t.sos.holdHint}
        durationMs={SOS_HOLD_MS}
        busy={raise.isPending}
        onHeld={() => raise.mutate()}
      />
      {raise.isError && (
        <Alert color="red" role="alert">
          {errorText(raise.error)} {t.sos.failed}
        </Alert>
      )}
      {latest.isError && <ErrorNotice error={latest.error} onRetry={() => void latest.refetch()} />}
      {alarm && <AlarmCard alarm={alarm} />}
    </Stack>
  );
}

/** The latest alarm's phase, said politely to screen readers as it changes. */
function AlarmCard({ alarm }: { alarm: ResidentAlarm }) {
  const phase = alarmPhase(alarm);
  // Who acknowledged: the staff member's name (ZResidentAlarm), null while nobody has.
  const by = alarm.acknowledgedBy;
  const ack = alarm.acknowledgedAt
    ? by
      ? t.sos.acknowledgedBy(by, formatTime(alarm.acknowledgedAt))
      : t.sos.acknowledgedAt(formatTime(alarm.acknowledgedAt))
    : null;
  return (
    <Card withBorder padding="md" data-testid="alarm-card" data-phase={phase}>
      <Text size="sm" c="dimmed">
        {t.sos.lastAlarm} · {formatDateTime(alarm.pressedTime)}
      </Text>
      <div role="status" aria-live="polite">
        <Text fw={700} size="xl">
          {phase === 'resolved' ? t.sos.resolved : phase === 'sent' ? t.sos.sent : t.sos.acknowledged}
        </Text>
        {phase === 'sent' && <Text>{t.sos.sentText}</Text>}
        {ack && <Text>{ack}</Text>}
        {phase === 'processing' && <Text>{t.sos.processing}</Text>}
        {alarm.response && <Text>{t.sos.response(alarm.response)}</Text>}
      </div>
      {alarm.pressCount > 1 && (
        <Text size="sm" c="dimmed">
          {t.sos.presses(alarm.pressCount)}
        </Text>
      )}
    </Card>
  );
}
