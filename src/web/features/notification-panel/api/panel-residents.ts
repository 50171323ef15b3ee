/**
 * The panel's resident search (spec section 2 "Notification panel": search by full name, Verify):
 * GET /api/notifications/residents?q=&page= → the list response of PanelResident; approved
 * residents of the society whose full name starts with `q` (case-insensitive), newest first, 10
 * per page. Disabled until a name was verified (`name` null). Made with the one list helper
 * (keys `['panel-residents', 'list', {}, page, q, cursor]`).
 */
import { useQuery } from '@tanstack/react-query';
import { ZPanelResident, type PanelResident } from '../../../../shared/contracts/notification-panel';
import { createListQuery } from '../../../lib/list-api';

const residents = createListQuery<PanelResident, Record<string, never>>({
  root: 'panel-residents',
  path: '/api/notifications/residents',
  itemSchema: ZPanelResident,
});

/** Query options of one page of matches for `name` (Verify fetches page 1 with them). */
export function panelResidentsOptions(name: string, page: number) {
  return residents.listOptions({}, { page, q: name, cursor: null });
}

/** One page of matches of the verified name (disabled while `name` is null). */
export function usePanelResidents(name: string | null, page: number) {
  return useQuery({ ...panelResidentsOptions(name ?? '', page), enabled: name !== null });
}
