/**
 * The polite live region of the signed-in shell (lib/live-announcer): visually hidden, read by
 * screen readers when its text changes, without interrupting.
 */
import { VisuallyHidden } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { liveAnnouncer } from '../lib/live-announcer';

export function LiveAnnouncer() {
  const text = useSyncExternalStore(liveAnnouncer.subscribe, liveAnnouncer.getSnapshot);
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="live-announcer">
      {text}
    </VisuallyHidden>
  );
}
