/**
 * The alarm center, mounted once in the signed-in shell for sub-roles that hear alarms
 * (receivesAlarms: button-one all alarms, super-admin escalated ones).
 *
 * - Catch-up: on mount, on every socket connect and every 30 s it fetches the society's
 *   unacknowledged alarms (../alarm/alarm-sync); live 'receive-security' and 'security-escalated'
 *   add or mark alarms, and 'security-pressed' (the resident pressed again: merged into the same
 *   alarm) refreshes its press count while it keeps ringing. The alarm store shows each alarm
 *   once, however the fetch and events race.
 * - 'security-acknowledged' (and an acknowledged 'security-updated') from another screen stops
 *   the siren for that alarm at once; its toast says who acknowledged it.
 * - The toasts live in their own notifications store (top centre, never auto-closed); the siren
 *   plays while at least one alarm is ringing.
 * - SOS drills: a drill's alarm rings like any other (its toast is marked DRILL); when the siren
 *   really plays for it, the screen reports its time to ring (../alarm/drill-rang).
 * - Armed before the alarm: the siren is checked at mount; while the browser will not let it sound,
 *   ./alarm-sound-banner asks for a click, and the header shows the state (./alarm-sound-indicator).
 *   The arming gesture also asks for the notification permission; where granted, each ringing
 *   alarm is a system notification and the tab title flashes; button-one's display is kept awake
 *   (../alarm/alarm-extras, a chunk fetched at mount: the toast and siren never wait for it).
 * - Keyboard: ALARM_HOTKEY moves focus to the first ringing toast's close button (the toasts sit
 *   at the end of the page's Tab order, far from where the member is working); Enter closes it.
 */
import { useHotkeys } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { AlarmAcknowledged, SecurityAlert } from '../../../../shared/contracts/security';
import { onSocketReconnect, useSocketEvent } from '../../../lib/socket';
import { alarmIdOf, alarmStore, alarmToastStore, siren, syncToasts } from '../alarm/alarm-runtime';
import type { AlarmMode } from '../alarm/alarm-store';
import { createAlarmSync, SAFETY_POLL_MS } from '../alarm/alarm-sync';
import { createDrillRang } from '../alarm/drill-rang';
import { setSecurityPresence } from '../alarm/presence';
import { loadChunk } from '../../../lib/load-chunk';
import type { Attention } from '../alarm/alarm-attention';
import { AlarmSoundBanner } from './alarm-sound-banner';
import { AlarmSoundStatus } from './alarm-sound-status';
import { AlarmToast } from './alarm-toast';

/** Focuses the first alarm toast's close button (docs/accessibility.md). */
export const ALARM_HOTKEY = 'alt+shift+A';

function focusAlarmClose(): void {
  const buttons = document.querySelectorAll<HTMLButtonElement>('[data-alarm-close]');
  const ringing = Array.from(buttons).find((b) => b.getAttribute('aria-label') === 'Close alarm');
  (ringing ?? buttons[0])?.focus();
}

/** Toasts on screen at once; the rest wait in the queue (ringing ones first). */
const VISIBLE_ALARMS = 3;

/**
 * An alarm event's payload, taken as its shared type. The alarm center is in the initial load,
 * which carries no zod (about 26 kB gzip, and an alarm must never wait for a lazy chunk),
 * so payloads are not re-checked against the shared schema: the server builds them from the rows
 * its own answers are validated against. Anything without a numeric `_id` is ignored (and logged).
 */
function payloadOf<T extends { _id: number }>(event: string, payload: unknown): T | null {
  if (typeof payload === 'object' && payload !== null && typeof (payload as { _id?: unknown })._id === 'number') return payload as T;
  console.warn(`Ignored a malformed '${event}' event`, payload);
  return null;
}

const parseAlert = (event: string, payload: unknown) => payloadOf<SecurityAlert>(event, payload);

export function AlarmCenter({ mode }: { mode: AlarmMode }) {
  const navigate = useNavigate();

  useEffect(() => {
    let extras: Attention | null = null;
    let gone = false;
    loadChunk(() => import('../alarm/alarm-extras')).then((m) => {
      if (gone) return;
      extras = m.startAlarmExtras(mode);
      extras.update(alarmStore.getSnapshot());
    }, console.warn);
    const detachSiren = siren.attach(() => extras?.askPermission());
    const drillRang = createDrillRang();
    const reportRings = () => drillRang(alarmStore.getSnapshot(), siren.getSnapshot());
    const apply = () => {
      syncToasts(alarmStore.getSnapshot());
      siren.setWanted(alarmStore.isRinging());
      extras?.update(alarmStore.getSnapshot());
      reportRings();
    };
    const unsubscribe = alarmStore.subscribe(apply);
    const offSiren = siren.subscribe(reportRings);
    apply();

    const sync = createAlarmSync(mode);
    sync.run();
    const offReconnect = onSocketReconnect(sync.run);
    const poll = window.setInterval(sync.run, SAFETY_POLL_MS);
    return () => {
      window.clearInterval(poll);
      offReconnect();
      sync.dispose();
      unsubscribe();
      offSiren();
      alarmStore.reset();
      syncToasts([]);
      detachSiren();
      gone = true;
      extras?.dispose();
      setSecurityPresence(null);
    };
  }, [mode]);

  useSocketEvent('receive-security', (payload) => {
    const alert = parseAlert('receive-security', payload);
    if (alert) alarmStore.offer(alert, mode);
  });
  useSocketEvent('security-escalated', (payload) => {
    const alert = parseAlert('security-escalated', payload);
    if (alert) alarmStore.offer(alert, mode);
  });
  useSocketEvent('security-pressed', (payload) => {
    const alert = parseAlert('security-pressed', payload);
    if (alert) alarmStore.offer(alert, mode);
  });
  useSocketEvent('security-updated', (payload) => {
    // Proceeding an alarm acknowledges it: stop ringing if this screen still rings for it.
    const alert = parseAlert('security-updated', payload);
    if (alert?.acknowledgedAt) {
      alarmStore.acknowledged({ _id: alert._id, acknowledgedBy: alert.acknowledgedBy ?? undefined, ackSeconds: alert.ackSeconds ?? undefined });
    }
  });
  useSocketEvent('security-acknowledged', (payload) => {
    const ack = payloadOf<AlarmAcknowledged>('security-acknowledged', payload);
    if (ack) alarmStore.acknowledged(ack);
  });
  useSocketEvent('security-presence', (payload) => {
    const connected = (payload as { connected?: unknown } | null)?.connected;
    if (typeof connected === 'number') setSecurityPresence(connected);
  });

  // Also from inside text fields: an alarm matters more than what is being typed.
  useHotkeys([[ALARM_HOTKEY, focusAlarmClose]], []);

  const openDesk = mode === 'all' ? () => navigate('/Security') : undefined;

  return (
    <>
      <Notifications
        store={alarmToastStore}
        position="top-center"
        limit={VISIBLE_ALARMS}
        autoClose={false}
        allowDragDismiss={false}
        allowScrollDismiss={false}
        containerWidth={480}
        notificationMaxHeight={1000}
        zIndex={1000}
        renderNotification={(toast) => <AlarmToast id={alarmIdOf(toast)} onOpenDesk={openDesk} />}
      />
      <AlarmSoundBanner />
      <AlarmSoundStatus />
    </>
  );
}
