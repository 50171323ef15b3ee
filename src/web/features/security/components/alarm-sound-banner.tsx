/**
 * The banner that cannot be missed while the siren could not sound (a reload, a URL typed in:
 * no click yet, so the browser keeps audio suspended): a red strip across the top of the page,
 * under the header so its controls stay usable. It lets clicks through (pointer-events: none), so
 * a click on it or anywhere else reaches the document's unlock listeners (../alarm/alarm-sound) and
 * arms the siren; it goes as soon as the audio runs.
 */
import { Affix, Group, Text } from '@mantine/core';
import { IconVolumeOff } from '@tabler/icons-react';
import { useSiren } from '../alarm/alarm-runtime';

export const SOUND_OFF_TEXT = 'Alarm sound is off: click anywhere to turn it on';

export function AlarmSoundBanner() {
  const { readiness } = useSiren();
  if (readiness !== 'off' && readiness !== 'unavailable') return null;
  return (
    <Affix position={{ top: 'var(--app-shell-header-height, 60px)', left: 0, right: 0 }} zIndex={999} style={{ pointerEvents: 'none' }}>
      <Group role="alert" justify="center" gap="sm" wrap="nowrap" bg="red.9" c="white" py={10} px="md">
        <IconVolumeOff size={22} aria-hidden />
        <Text fw={700} size="lg">
          {readiness === 'off' ? SOUND_OFF_TEXT : 'This browser cannot play the alarm sound'}
        </Text>
      </Group>
    </Affix>
  );
}
