/**
 * The header's siren state, on every screen of a sub-role that hears alarms (nothing for the
 * others: the siren is only attached by the alarm center): "Siren armed" when an alarm would
 * sound now, "Siren muted" while the browser keeps audio suspended, and a "Test sound" button that
 * plays one second of the siren (its click also arms it). Below 1200 px, where the header is
 * tight, the words go and the button's colour and icon (a crossed-out speaker in red) say it.
 */
import { ActionIcon, Badge, Group } from '@mantine/core';
import { IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { LazyIconTooltip } from '../../../components/lazy-icon-tooltip';
import type { SirenReadiness } from '../alarm/alarm-sound';
import { siren, useSiren } from '../alarm/alarm-runtime';

const LABELS: Record<Exclude<SirenReadiness, 'none'>, string> = {
  checking: 'Siren: checking…',
  armed: 'Siren armed',
  off: 'Siren muted',
  unavailable: 'No siren in this browser',
};

export function AlarmSoundIndicator() {
  const { readiness } = useSiren();
  if (readiness === 'none') return null;
  const armed = readiness === 'armed';
  const color = armed ? 'teal' : readiness === 'checking' ? 'gray' : 'red';
  return (
    <Group gap={4} wrap="nowrap">
      <Badge role="status" color={color} variant={armed ? 'light' : 'filled'} visibleFrom="lg">
        {LABELS[readiness]}
      </Badge>
      <LazyIconTooltip label="Test sound: one second of the siren">
        <ActionIcon variant="light" color={color} size="lg" aria-label={`Test sound (${LABELS[readiness].toLowerCase()})`} onClick={() => siren.test()}>
          {armed ? <IconVolume size={18} aria-hidden /> : <IconVolumeOff size={18} aria-hidden />}
        </ActionIcon>
      </LazyIconTooltip>
    </Group>
  );
}
