/**
 * The home screen: the SOS button (held 2 s) and the resident's latest alarm as it moves on:
 * "Sent", then "Acknowledged at <time>" (by <name> once the resident API tells the name), then
 * "Resolved" with the staff's response. A press while the alarm is open adds to it (the server
 * merges presses and counts them). Kept up to date by the resident socket and, while the alarm is
 * open, by polling (sos-api.ts). A failed press lists the numbers to call under its message.
 */
import { Alert, Stack, Title } from '@mantine/core';
import { EmergencyNumbers } from '../../app/emergency-numbers';
import { ErrorNotice } from '../../app/error-notice';
import { t } from '../../i18n/catalogue';
import { errorText } from '../../lib/api';
import { AlarmCard } from './alarm-card';
import { HoldButton } from './hold-button';
import { useLatestAlarm, useRaiseAlarm } from './sos-api';

/** How long SOS must be held, ms: long enough that a pocket cannot press it. */
export const SOS_HOLD_MS = 2_000;

/** The SOS button and the resident's latest alarm (also beside a loading or failed profile and on the crash screen). */
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
          <EmergencyNumbers />
        </Alert>
      )}
      {latest.isError && <ErrorNotice error={latest.error} onRetry={() => void latest.refetch()} />}
      {/* Always there, empty before the first alarm: a region that mounts already filled is not announced. */}
      <div role="status" aria-live="polite" data-testid="sos-status">
        {alarm && <AlarmCard alarm={alarm} latest />}
      </div>
    </Stack>
  );
}
