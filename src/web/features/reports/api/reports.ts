/**
 * /Reports' call (module 'reports'): GET /api/reports/:desk?period=&from=&to= → Report (ZReport),
 * one desk's figures over the period in the society's time zone. Query key
 * `['reports', desk, period, from, to]`; figures change slowly, so 60 s stale.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZReport, type ReportPeriod } from '../../../../shared/contracts/reports';
import type { ReportDesk } from '../../../../shared/subroles';
import { api } from '../../../lib/api-client';

/** `from`/`to` ('YYYY-MM-DD') count only for the custom period; `enabled` false holds the call (a custom period missing a day). */
export function useReport(desk: ReportDesk, period: ReportPeriod, from: string, to: string, enabled = true) {
  const custom = period === 'custom';
  return useQuery({
    queryKey: ['reports', desk, period, custom ? from : '', custom ? to : ''],
    queryFn: ({ signal }) => api.get(`/api/reports/${desk}`, { query: { period, from: custom ? from : '', to: custom ? to : '' }, schema: ZReport, signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    enabled,
  });
}
