/**
 * /Billing's resident search (spec section 2 "Billing": search by full name, Verify):
 * GET /api/bills/residents?name=&page= → `{items, total, totalExact}`, residents whose full name
 * starts with `name` (case-insensitive), 10 a page, newest first. Runs only once a name was
 * verified (`name` non-empty).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZBillResidentList } from '../../../../shared/contracts/billing';
import { api } from '../../../lib/api-client';

export const billResidentKeys = {
  all: ['billing', 'residents'] as const,
  search: (name: string, page: number) => ['billing', 'residents', name, page] as const,
};

export const billResidentsOptions = (name: string, page: number) =>
  queryOptions({
    queryKey: billResidentKeys.search(name, page),
    queryFn: ({ signal }) => api.get('/api/bills/residents', { query: { name, page }, schema: ZBillResidentList, signal }),
    placeholderData: keepPreviousData,
    enabled: name !== '',
  });

export function useBillResidents(name: string, page: number) {
  return useQuery(billResidentsOptions(name, page));
}
