/**
 * What the alarm center adds beyond the toast and the siren: system notifications and the
 * flashing title (./alarm-attention), and button-one's display kept awake (./wake-lock). A chunk of
 * its own, fetched as the alarm center mounts (the initial load's budget is nearly full, and
 * neither is needed before the first alarm; the toast and the siren never wait for it).
 */
import type { AlarmMode } from './alarm-store';
import { createAttention, type Attention } from './alarm-attention';
import { keepScreenAwake } from './wake-lock';

export function startAlarmExtras(mode: AlarmMode): Attention {
  const attention = createAttention({
    Notification: typeof Notification === 'undefined' ? undefined : Notification,
    page: document,
    focus: () => window.focus(),
  });
  const release = mode === 'all' ? keepScreenAwake({ wakeLock: navigator.wakeLock, doc: document }) : undefined;
  return {
    askPermission: attention.askPermission,
    update: attention.update,
    dispose() {
      attention.dispose();
      release?.();
    },
  };
}
