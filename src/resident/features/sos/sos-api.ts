/**
 * SOS calls (src/server/modules/security/routes.ts): the press (POST /api/security: a press while
 * the resident's alarm is unacknowledged merges into it, the server counts `pressCount`) and the
 * resident's own alarms (GET /api/resident/alarms, newest first), whose first item the SOS screen
 * follows. The resident socket's alarm events invalidate it (live/index.ts); an open alarm is also
 * polled while the screen shows it, so it moves on even when the socket is down.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResidentAlarm } from '../../../shared/contracts/resident';
import type { ListResponse } from '../../../shared/contracts/common';
import { api } from '../../lib/api';
import { keys } from '../../lib/query-client';

/** How often an open alarm is read again while the SOS screen shows it, ms. */
export const ALARM_POLL_MS = 3_000;

/** Where an alarm is, as the resident is told: Sent → Acknowledged → (Processing) → Resolved. */
export type AlarmPhase = 'sent' | 'acknowledged' | 'processing' | 'resolved';

/** The phase of `alarm` (pure). An alarm proceeded before anyone closed the toast counts as acknowledged. */
export function alarmPhase(alarm: Pick<ResidentAlarm, 'stage' | 'acknowledgedAt'>): AlarmPhase {
  if (alarm.stage === 'completed') return 'resolved';
  if (alarm.stage === 'processing') return 'processing';
  return alarm.acknowledgedAt ? 'acknowledged' : 'sent';
}

/** The resident's latest alarm (null when none), polled every ALARM_POLL_MS while it is open. */
export function useLatestAlarm() {
  return useQuery({
    queryKey: keys.alarms,
    queryFn: async ({ signal }) => (await api.get<ListResponse<ResidentAlarm>>('/api/resident/alarms', { page: 1 }, signal)).items[0] ?? null,
    refetchInterval: (query) => {
      const alarm = query.state.data;
      return alarm && alarm.stage !== 'completed' ? ALARM_POLL_MS : false;
    },
  });
}

/** The SOS press: POST /api/security (201, the resident's alarm, merged presses counted; 429 past the per-minute limit). */
export function useRaiseAlarm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ResidentAlarm>('/api/security', {}),
    // A poll already on its way may answer the alarm as it was before the press: cancelled, so it
    // cannot overwrite the press's answer.
    onMutate: () => client.cancelQueries({ queryKey: keys.alarms }),
    // The press answers the resident's own view of the alarm (ZResidentAlarm, as the list has it):
    // the card shows it at once, with no second request.
    onSuccess: (alarm) => client.setQueryData(keys.alarms, alarm),
  });
}
