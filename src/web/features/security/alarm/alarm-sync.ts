/**
 * Zero loss: socket.io does not replay events missed while a screen was disconnected, so on
 * mount (sign-in, page load), on every socket connect and every {@link SAFETY_POLL_MS} the screen
 * asks the server for every unacknowledged alarm of the society (all pages: ./pending-pages) and
 * offers each to the alarm store (which shows each alarm once). The same complete answer tells
 * which alarms ringing here were acknowledged meanwhile (see AlarmStore.reconcile) and how many
 * security staff are online.
 *
 * A failed fetch (network, 5xx) is retried with back-off until it succeeds or the next trigger.
 */
import { ApiError } from '../../../lib/api-error';
import { fetchAlarm, fetchPendingAlarms } from '../api/alarms';
import { alarmStore } from './alarm-runtime';
import type { AlarmMode } from './alarm-store';
import { fetchAllPending } from './pending-pages';
import { setSecurityPresence } from './presence';

/** Insurance against an event lost on a connection that never noticed it dropped. */
export const SAFETY_POLL_MS = 30_000;
const RETRY_MS = [1_000, 3_000, 10_000];

export interface AlarmSync {
  /** Fetch now (and retry on failure). */
  run(): void;
  /** Stop retries and ignore answers still on their way. */
  dispose(): void;
}

export function createAlarmSync(mode: AlarmMode): AlarmSync {
  const controller = new AbortController();
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const transient = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 429;

  /** Who acknowledged an alarm that stopped being pending while we were away (button-one may read it). */
  async function learnWhoAcknowledged(id: number): Promise<void> {
    if (mode !== 'all') return;
    try {
      const alert = await fetchAlarm(id, controller.signal);
      if (alert.acknowledgedAt)
        alarmStore.acknowledged({ _id: id, acknowledgedBy: alert.acknowledgedBy ?? undefined, ackSeconds: alert.ackSeconds ?? undefined });
    } catch {
      // The toast already says it was acknowledged; the name is a nicety.
    }
  }

  async function attempt(tries: number): Promise<void> {
    const marker = alarmStore.syncMarker();
    try {
      const answer = await fetchAllPending((after) => fetchPendingAlarms(after, controller.signal));
      if (controller.signal.aborted) return;
      setSecurityPresence(answer.connectedSecurityStaff);
      for (const alert of answer.items) alarmStore.offer(alert, mode);
      const gone = alarmStore.reconcile(marker, new Set(answer.items.map((alert) => alert._id)), answer.complete);
      for (const id of gone) void learnWhoAcknowledged(id);
    } catch (error) {
      if (controller.signal.aborted || !transient(error)) return;
      const delay = RETRY_MS[Math.min(tries, RETRY_MS.length - 1)]!;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void attempt(tries + 1), delay);
    }
  }

  return {
    run() {
      clearTimeout(retryTimer);
      void attempt(0);
    },
    dispose() {
      controller.abort();
      clearTimeout(retryTimer);
    },
  };
}
