/**
 * Alarm calls (beyond the desk):
 *
 * - GET /api/security/alarms → {items: SecurityAlert[], connectedSecurityStaff}: the society's
 *   unacknowledged alarms, oldest first, at most {@link PENDING_LIMIT} (super-admin: only the
 *   escalated ones). Allowed for button-one and super-admin; 403 for others.
 * - POST /api/security/:id/acknowledge → SecurityAlert: records who closed the alarm and when;
 *   recorded once (later calls return the same record).
 * - GET /api/security/:id (button-one only): used to learn who acknowledged an alarm that stopped
 *   being pending while this screen was away.
 */
import { z } from 'zod';
import { ZSecurityAlert, ZSecurityDetail, type SecurityAlert } from '../../../../shared/contracts/security';
import { api } from '../../../lib/api-client';

/** The server returns at most this many pending alarms (alarm-repo's limit). */
export const PENDING_LIMIT = 200;

const ZPendingAlarms = z.object({ items: z.array(ZSecurityAlert), connectedSecurityStaff: z.number().int() });
export type PendingAlarms = z.infer<typeof ZPendingAlarms>;

export function fetchPendingAlarms(signal?: AbortSignal): Promise<PendingAlarms> {
  return api.get('/api/security/alarms', { schema: ZPendingAlarms, signal });
}

export function acknowledgeAlarm(id: number): Promise<SecurityAlert> {
  return api.post(`/api/security/${id}/acknowledge`, undefined, { schema: ZSecurityAlert });
}

export function fetchAlarm(id: number, signal?: AbortSignal): Promise<SecurityAlert> {
  return api.get(`/api/security/${id}`, { schema: ZSecurityDetail, signal });
}
