/**
 * /Audit's calls (module 'audit', super-admin):
 * - GET /api/audit?page=&q=[&after|&before]&actor=&module=&action=&from=&to= → the list response of
 *   AuditRow (newest first, 10 a page; `q` by resident; days in the society's time zone);
 * - GET /api/audit/filters → {actors, actions}, the filters' choices.
 * Query keys `['audit', 'list', filters, page, q, cursor]` and `['audit', 'filters']`.
 */
import { useQuery } from '@tanstack/react-query';
import { ZAuditFilters, ZAuditRow, type AuditRow } from '../../../../shared/contracts/audit';
import { api } from '../../../lib/api-client';
import { createListQuery } from '../../../lib/list-api';
import type { ListView } from '../../../lib/list-params';

/** The filters as query parameters ('' = not filtered). */
export interface AuditFilterValues extends Record<string, string> {
  actor: string;
  module: string;
  action: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilterValues = { actor: '', module: '', action: '', from: '', to: '' };

const LIST = createListQuery<AuditRow, AuditFilterValues>({ root: 'audit', path: '/api/audit', itemSchema: ZAuditRow });

export function useAuditLog(filters: AuditFilterValues, view: ListView) {
  return useQuery(LIST.listOptions(filters, view));
}

export function useAuditFilterChoices() {
  return useQuery({ queryKey: ['audit', 'filters'], queryFn: ({ signal }) => api.get('/api/audit/filters', { schema: ZAuditFilters, signal }) });
}
