/**
 * Closing an alarm toast. A ringing alarm is acknowledged on the server first (POST
 * /api/security/:id/acknowledge records who and when, once); the toast disappears and its siren
 * stops at once. If the server cannot be reached the alarm rings again with the reason, so an
 * alarm is never silenced without the acknowledgement being recorded. A toast that already says
 * who acknowledged it just closes.
 */
import { ApiError, errorMessage } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { acknowledgeAlarm } from '../api/alarms';
import { alarmStore } from './alarm-runtime';

export async function closeAlarm(id: number): Promise<void> {
  if (alarmStore.close(id) !== 'acknowledge') return;
  try {
    const alert = await acknowledgeAlarm(id);
    alarmStore.ackDone(alert._id);
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 0 || status >= 500 || status === 429) {
      alarmStore.ackFailed(id, errorMessage(error));
      return;
    }
    // 404 (gone), 403 (no longer allowed), 401 (session over): nothing to ring for any more here.
    alarmStore.ackDone(id);
    if (status !== 404 && status !== 401) notifyError(errorMessage(error));
  }
}
