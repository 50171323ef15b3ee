/**
 * Keeps the security lists live while button-one staff are signed in: 'receive-security' puts a
 * new alarm on /Security, 'security-updated' moves it between stages, a reconnect refetches, and
 * 'security-acknowledged' / 'security-escalated' / 'security-pressed' (a merged press: new press
 * count) update the rows in place.
 * (The alarm toasts and siren are the alarm center's job.)
 */
import { useQueryClient } from '@tanstack/react-query';
import { ZAlarmAcknowledged, ZSecurityAlert } from '../../../../shared/contracts/security';
import { useSocketEvent } from '../../../lib/socket';
import { useListLiveUpdates } from '../../../lib/use-list-live-updates';
import { applyAcknowledged, applyAlert, securityDesk } from '../api/security-desk';

export function SecurityLiveUpdates() {
  const queryClient = useQueryClient();
  useListLiveUpdates(securityDesk.list, { created: 'receive-security', updated: 'security-updated' });
  useSocketEvent('security-acknowledged', (payload) => {
    const ack = ZAlarmAcknowledged.safeParse(payload);
    if (ack.success) applyAcknowledged(queryClient, ack.data);
  });
  useSocketEvent('security-escalated', (payload) => {
    const alert = ZSecurityAlert.safeParse(payload);
    if (alert.success) applyAlert(queryClient, alert.data);
  });
  useSocketEvent('security-pressed', (payload) => {
    const alert = ZSecurityAlert.safeParse(payload);
    if (alert.success) applyAlert(queryClient, alert.data);
  });
  return null;
}
