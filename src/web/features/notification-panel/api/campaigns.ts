/**
 * Delivery reports:
 * - GET /api/notifications/campaigns?page=1 → {items: CampaignReport[], total, totalExact}: the
 *   society's panel messages, newest first (the screen shows the newest one);
 * - GET /api/notifications/campaigns/:id → CampaignReport {recipients, sent, failed, pending, …}.
 * A report with pushes still pending is polled every {@link REPORT_POLL_MS} until none is.
 * Query keys: `['panel-campaigns', 'list']` and `['panel-campaigns', 'report', id]`.
 */
import { useQuery } from '@tanstack/react-query';
import { ZCampaignList, ZCampaignReport, type CampaignReport } from '../../../../shared/contracts/notification-panel';
import { api } from '../../../lib/api-client';

/** How often a report with pending pushes is refetched (ms). */
export const REPORT_POLL_MS = 1000;

export const campaignKeys = {
  list: ['panel-campaigns', 'list'] as const,
  report: (id: number) => ['panel-campaigns', 'report', id] as const,
};

/** Polls while any push is pending; stops once every push is sent or failed. */
const pollWhilePending = (report: CampaignReport | undefined) => (report && report.pending > 0 ? REPORT_POLL_MS : false);

/** The newest campaign of the society (null when there is none yet). */
export function useLatestCampaign() {
  return useQuery({
    queryKey: campaignKeys.list,
    queryFn: async ({ signal }) => (await api.get('/api/notifications/campaigns', { query: { page: 1 }, schema: ZCampaignList, signal })).items[0] ?? null,
    refetchInterval: (query) => pollWhilePending(query.state.data ?? undefined),
  });
}

/** One campaign's live delivery report (disabled while `id` is null). */
export function useCampaignReport(id: number | null) {
  return useQuery({
    queryKey: campaignKeys.report(id ?? 0),
    queryFn: ({ signal }) => api.get(`/api/notifications/campaigns/${id}`, { schema: ZCampaignReport, signal }),
    enabled: id !== null,
    refetchInterval: (query) => pollWhilePending(query.state.data),
  });
}
