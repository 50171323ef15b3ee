/**
 * The siren's visible side: a "Sound blocked — click to enable" button while the browser refuses
 * to play (clicking it — like any click — resumes the audio), a note when more alarms wait than
 * fit on screen, and a hidden element whose attributes mirror the real Web Audio state for
 * tests and diagnostics: `data-state` playing | stopped | blocked | unavailable, `data-context`
 * the AudioContext's own state.
 */
import { Affix, Badge, Button, Stack } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { IconVolumeOff } from '@tabler/icons-react';
import { alarmToastStore, siren, useSiren } from '../alarm/alarm-runtime';

export function AlarmSoundStatus() {
  const sound = useSiren();
  const { queue } = useNotifications(alarmToastStore);
  const showHint = sound.state === 'blocked' || sound.state === 'unavailable';

  return (
    <>
      <div data-testid="alarm-sound" data-state={sound.state} data-context={sound.context} hidden />
      {showHint || queue.length > 0 ? (
        <Affix position={{ bottom: 24, left: '50%' }} zIndex={1000} style={{ transform: 'translateX(-50%)' }}>
          <Stack align="center" gap="xs">
            {sound.state === 'blocked' ? (
              <Button color="red" size="md" leftSection={<IconVolumeOff size={20} aria-hidden />} onClick={() => siren.unlock()}>
                Sound blocked — click to enable
              </Button>
            ) : null}
            {sound.state === 'unavailable' ? (
              <Badge color="red" size="lg" variant="filled">
                This browser cannot play the alarm sound
              </Badge>
            ) : null}
            {queue.length > 0 ? (
              <Badge color="dark" size="lg" variant="filled">
                {queue.length} more {queue.length === 1 ? 'alarm' : 'alarms'} waiting — close one to see the next
              </Badge>
            ) : null}
          </Stack>
        </Affix>
      ) : null}
    </>
  );
}
