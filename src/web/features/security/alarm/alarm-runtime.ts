/**
 * The page's single alarm runtime: the alarm store, the siren (one AudioContext per page), and
 * the separate Mantine notifications store the alarm toasts live in (so ordinary toasts, their
 * 3 s auto-close and `notifications.clean()` never touch an alarm).
 *
 * `syncToasts` keeps the toasts equal to the store: a toast per alarm that is ringing or showing
 * who acknowledged it. Ringing alarms have priority, so when more alarms than the visible limit
 * are open, the ones still waiting for an answer are the ones on screen.
 */
import { createNotificationsStore, notifications, type NotificationData } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';
import { createSiren, type SirenSnapshot } from './alarm-sound';
import { createAlarmStore, type AlarmEntry } from './alarm-store';

/** A toast acknowledged by someone else closes itself after this long (unless closed first). */
export const ACKNOWLEDGED_TOAST_MS = 15_000;

export const alarmStore = createAlarmStore({ acknowledgedToastMs: ACKNOWLEDGED_TOAST_MS });
export const siren = createSiren();
export const alarmToastStore = createNotificationsStore();

export const toastId = (alarmId: number) => `alarm-${alarmId}`;
export const alarmIdOf = (toast: NotificationData) => Number(String(toast.id).slice('alarm-'.length));

const isShown = (entry: AlarmEntry) => entry.alert !== null && (entry.status === 'ringing' || entry.status === 'acknowledged');
const priorityOf = (entry: AlarmEntry) => (entry.status === 'ringing' ? (entry.alert?.escalated ? 3 : 2) : 0);

export function syncToasts(entries: readonly AlarmEntry[]): void {
  const { notifications: visible, queue } = alarmToastStore.getState();
  const present = new Map([...visible, ...queue].map((toast) => [toast.id, toast]));
  const wanted = new Set<string>();
  for (const entry of entries) {
    if (!isShown(entry)) continue;
    const id = toastId(entry.id);
    wanted.add(id);
    const toast = present.get(id);
    const priority = priorityOf(entry);
    if (!toast) notifications.show({ id, message: null, autoClose: false, allowClose: false, priority }, alarmToastStore);
    else if (toast.priority !== priority) notifications.update({ id, message: null, priority }, alarmToastStore);
  }
  for (const id of present.keys()) if (id && !wanted.has(id)) notifications.hide(id, alarmToastStore);
}

export function useAlarmEntry(id: number): AlarmEntry | undefined {
  return useSyncExternalStore(
    alarmStore.subscribe,
    () => alarmStore.get(id),
    () => undefined,
  );
}

export function useSiren(): SirenSnapshot {
  return useSyncExternalStore(siren.subscribe, siren.getSnapshot, siren.getSnapshot);
}
