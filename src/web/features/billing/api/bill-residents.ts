/**
 * /Billing's resident search (spec section 2 "Billing": search by full name, Verify):
 * GET /api/bills/residents?q=&page= → the list response of BillResident: residents whose full
 * name starts with `q` (case-insensitive), 10 a page, newest first. Runs only once a name was
 * verified (`name` non-empty). Made with the one list helper (keys `['billing-residents', 'list', …]`).
 */
import { useQuery } from '@tanstack/react-query';
import { ZBillResident, type BillResident } from '../../../../shared/contracts/billing';
import { createListQuery } from '../../../lib/list-api';

const residents = createListQuery<BillResident, Record<string, never>>({ root: 'billing-residents', path: '/api/bills/residents', itemSchema: ZBillResident });

/** Query options of page `page` of the residents whose name starts with `name` (disabled while it is empty). */
export const billResidentsOptions = (name: string, page: number) => ({ ...residents.listOptions({}, { page, q: name, cursor: null }), enabled: name !== '' });

export function useBillResidents(name: string, page: number) {
  return useQuery(billResidentsOptions(name, page));
}
