/**
 * The security desk (spec section 2 "Security", "Processing security", "Completed security";
 * states in section 4), on the shared three-stage mechanism:
 *
 * - GET /api/security?stage=new|processing|completed&page&q[&after|&before] →
 *   {items: SecurityAlert[], total, totalExact} (newest first, 10 per page; cursors: docs/adr/0003)
 * - GET /api/security/:id → SecurityAlert + history
 * - PUT /api/security/:id {action:'proceed', staffNote} (new → processing; the note is kept apart
 *   from the resident's words, `securityComplain`; also counts as the acknowledgement) or {action:'submit', response, confirmed:true} (processing → completed)
 *   → SecurityAlert; 400 {message, field}, 403 sub-role, 404 other society, 409 wrong stage.
 *
 * Beyond the shared desk: `applyAcknowledged` / `applyAlert` patch cached rows in place when an
 * alarm is acknowledged, escalated or pressed again (no stage change, so no refetch is needed).
 */
import type { QueryClient } from '@tanstack/react-query';
import { ZSecurityAlert, ZSecurityDetail, ZSecurityUpdate, type AlarmAcknowledged, type SecurityAlert } from '../../../../shared/contracts/security';
import { createDesk } from '../../../mechanisms/desk/desk-api';

export const securityDesk = createDesk({
  key: 'security',
  basePath: '/api/security',
  itemSchema: ZSecurityAlert,
  detailSchema: ZSecurityDetail,
  updateSchema: ZSecurityUpdate,
});

function patchCached(queryClient: QueryClient, id: number, patch: (alert: SecurityAlert) => SecurityAlert): void {
  securityDesk.patchItem(queryClient, id, patch);
}

/** Someone acknowledged an alarm: show who and how fast on the rows that hold it. */
export function applyAcknowledged(queryClient: QueryClient, ack: AlarmAcknowledged): void {
  patchCached(queryClient, ack._id, (alert) => ({
    ...alert,
    acknowledgedAt: ack.acknowledgedAt,
    acknowledgedBy: ack.acknowledgedBy,
    ackSeconds: ack.ackSeconds,
  }));
  // The history gained an 'acknowledge' entry.
  void queryClient.invalidateQueries({ queryKey: securityDesk.keys.detail(ack._id) });
}

/** An alarm changed without changing stage (escalated, pressed again): replace the cached copies. */
export function applyAlert(queryClient: QueryClient, next: SecurityAlert): void {
  patchCached(queryClient, next._id, (alert) => (alert.stage === next.stage ? next : alert));
  void queryClient.invalidateQueries({ queryKey: securityDesk.keys.detail(next._id) });
}
