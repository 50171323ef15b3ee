/**
 * The security desk (spec section 2 "Security", "Processing security", "Completed security";
 * states in section 4), on the shared three-stage mechanism:
 *
 * - GET /api/security?stage=new|processing|completed&page&q → {items: SecurityAlert[], total}
 * - GET /api/security/:id → SecurityAlert + history
 * - PUT /api/security/:id {action:'proceed', securityComplain} (new → processing; also counts as
 *   the acknowledgement) or {action:'submit', response, confirmed:true} (processing → completed)
 *   → SecurityAlert; 400 {message, field}, 403 sub-role, 404 other society, 409 wrong stage.
 *
 * Beyond the shared desk: `applyAcknowledged` / `applyAlert` patch cached rows in place when an
 * alarm is acknowledged or escalated (no stage change, so no refetch is needed).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ListResponse } from '../../../../shared/contracts/common';
import { ZSecurityAlert, ZSecurityDetail, ZSecurityList, ZSecurityUpdate, type AlarmAcknowledged, type SecurityAlert } from '../../../../shared/contracts/security';
import { createDesk } from '../../../lib/desk-api';

export const securityDesk = createDesk({
  key: 'security',
  basePath: '/api/security',
  itemSchema: ZSecurityAlert,
  listSchema: ZSecurityList,
  detailSchema: ZSecurityDetail,
  updateSchema: ZSecurityUpdate,
});

function patchCached(queryClient: QueryClient, id: number, patch: (alert: SecurityAlert) => SecurityAlert): void {
  queryClient.setQueriesData<ListResponse<SecurityAlert>>({ queryKey: securityDesk.keys.lists() }, (old) => {
    if (!old || !old.items.some((item) => item._id === id)) return old;
    return { ...old, items: old.items.map((item) => (item._id === id ? patch(item) : item)) };
  });
  queryClient.setQueryData<SecurityAlert & { history: unknown[] }>(securityDesk.keys.detail(id), (old) => (old ? { ...old, ...patch(old) } : old));
}

/** Someone acknowledged an alarm: show who and how fast on the rows that hold it. */
export function applyAcknowledged(queryClient: QueryClient, ack: AlarmAcknowledged): void {
  patchCached(queryClient, ack._id, (alert) => ({ ...alert, acknowledgedAt: ack.acknowledgedAt, acknowledgedBy: ack.acknowledgedBy, ackSeconds: ack.ackSeconds }));
  // The history gained an 'acknowledge' entry.
  void queryClient.invalidateQueries({ queryKey: securityDesk.keys.detail(ack._id) });
}

/** An alarm changed without changing stage (escalated): replace the cached copies. */
export function applyAlert(queryClient: QueryClient, next: SecurityAlert): void {
  patchCached(queryClient, next._id, (alert) => (alert.stage === next.stage ? next : alert));
  void queryClient.invalidateQueries({ queryKey: securityDesk.keys.detail(next._id) });
}
