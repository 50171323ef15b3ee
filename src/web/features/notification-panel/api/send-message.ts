/**
 * The panel's two sends (spec section 2 "Notification panel"):
 * - POST /api/notifications/broadcast {title, body} → 201 {campaignId, recipients}: every approved
 *   resident of the society; 404 'No matching document found.' when there is none;
 * - POST /api/notifications/send {residentId, title, body} → 201 {campaignId, recipients: 1};
 *   404 'No matching document found.' for a resident the panel cannot address.
 * Both: 400 {field, message} for a missing or too long title or body. On success the campaign
 * list (the latest delivery report) is refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCampaignCreated, type PanelMessage, type SendToResident } from '../../../../shared/contracts/notification-panel';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './campaigns';

function useSend<TVars>(send: (vars: TVars) => Promise<{ campaignId: number; recipients: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.list }),
  });
}

/** Send to All. */
export function useBroadcast() {
  return useSend((message: PanelMessage) => api.post('/api/notifications/broadcast', message, { schema: ZCampaignCreated }));
}

/** Send to one resident, by the resident code ('GV0001') the panel's resident search shows. */
export function useSendToResident() {
  return useSend((message: SendToResident) => api.post('/api/notifications/send', message, { schema: ZCampaignCreated }));
}
