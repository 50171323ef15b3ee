/**
 * The panel's resident search (spec section 2 "Notification panel": search by full name, Verify):
 * GET /api/notifications/residents?name=&page= → {items: PanelResident[], total, totalExact};
 * approved residents of the society whose full name starts with `name` (case-insensitive), newest
 * first, 10 per page. Disabled until a name was verified (`name` null).
 * Query key: `['panel-residents', name, page]`.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZPanelResidentList } from '../../../../shared/contracts/notification-panel';
import { api } from '../../../lib/api-client';

/** Query options of one page of matches for `name` (Verify fetches page 1 with them). */
export function panelResidentsOptions(name: string, page: number) {
  return queryOptions({
    queryKey: ['panel-residents', name, page] as const,
    queryFn: ({ signal }) => api.get('/api/notifications/residents', { query: { name, page }, schema: ZPanelResidentList, signal }),
  });
}

/** One page of matches of the verified name (disabled while `name` is null). */
export function usePanelResidents(name: string | null, page: number) {
  return useQuery({ ...panelResidentsOptions(name ?? '', page), enabled: name !== null, placeholderData: keepPreviousData });
}
