/** An SOS alarm as the resident follows it: Sent → Acknowledged (by whom, when) → Processing → Resolved with the response. */
import { Card, Text } from '@mantine/core';
import type { ResidentAlarm } from '../../../shared/contracts/resident';
import { t } from '../../i18n/catalogue';
import { formatDateTime, formatTime } from '../../../shared/format/dates';
import { alarmPhase } from './sos-api';

/**
 * One alarm of the resident's: when, its phase (said politely to screen readers as it changes),
 * who acknowledged, the response, the presses. `latest`: it is the one the SOS screen follows, in
 * a status region of the screen's own (present before any alarm, so the first "Sent" is announced
 * too); otherwise the card's phase is a polite status region of its own.
 */
export function AlarmCard({ alarm, latest = false }: { alarm: ResidentAlarm; latest?: boolean }) {
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
        {latest ? `${t.sos.lastAlarm} · ${formatDateTime(alarm.pressedTime)}` : t.sos.pressedAt(formatDateTime(alarm.pressedTime))}
      </Text>
      <div {...(!latest && { role: 'status', 'aria-live': 'polite' as const })}>
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
