/**
 * Alarm calls (beyond the desk):
 *
 * - GET /api/security/alarms[?after=<id>] → {items, total, totalExact, nextAfter, prevBefore,
 *   connectedSecurityStaff}: one page (100) of the society's unacknowledged alarms, newest first
 *   (super-admin: only the escalated ones); `nextAfter` is the next page's cursor, null on the
 *   last page (the list contract; the server's older `before`/`nextBefore` are not used). Allowed for
 *   button-one and super-admin; 403 for others. ../alarm/pending-pages walks all pages.
 * - POST /api/security/:id/acknowledge → SecurityAlert: records who closed the alarm and when;
 *   recorded once (later calls return the same record). Super-admin: escalated alarms only (403).
 * - GET /api/security/:id (button-one only): used to learn who acknowledged an alarm that stopped
 *   being pending while this screen was away.
 */
import type { PendingAlarms, SecurityAlert } from '../../../../shared/contracts/security';
import { api } from '../../../lib/api-client';

// The alarm center is in the initial load, which carries no zod, and an alarm must never
// wait for a lazy chunk: these answers are taken as their shared types, not re-checked. The server
// validates each of them against the shared schema before sending it (response schemas).

export function fetchPendingAlarms(after: number | undefined, signal?: AbortSignal): Promise<PendingAlarms> {
  return api.get<PendingAlarms>('/api/security/alarms', { query: { after }, signal });
}

export function acknowledgeAlarm(id: number): Promise<SecurityAlert> {
  return api.post<SecurityAlert>(`/api/security/${id}/acknowledge`, undefined);
}

export function fetchAlarm(id: number, signal?: AbortSignal): Promise<SecurityAlert> {
  return api.get<SecurityAlert>(`/api/security/${id}`, { signal });
}
