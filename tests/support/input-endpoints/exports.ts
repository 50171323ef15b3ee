/**
 * Generated-input entries of the list exports (`GET <list>/export`, lib/export-route.ts): each
 * reuses its list's own entry — the same caller and query arbitrary, the path with `/export` —
 * since an export takes exactly its list's query. Low weight: every 200 builds a workbook in the
 * writer thread. See ../input-endpoints.ts.
 */
import type { InputEndpoint } from '../input-arbitraries.js';

/** The lists that have an export (their `GET` routes as in the OpenAPI document). */
export const EXPORTED_LISTS = [
  '/api/complain',
  '/api/security',
  '/api/nothome',
  '/api/grocery',
  '/api/orders',
  '/api/doctor',
  '/api/consultations',
  '/api/bills',
  '/api/residents',
  '/api/residents/pending',
  '/api/feed',
  '/api/discounts',
  '/api/plots',
  '/api/audit',
] as const;

/** `url` of a list request → the same request of its export ('/api/complain/?stage=new' → '/api/complain/export?stage=new'). */
function toExport(url: string, list: string): string {
  const q = url.indexOf('?');
  return `${list}/export${q < 0 ? '' : url.slice(q)}`;
}

/**
 * The export entries of `entries`' lists.
 * @throws Error when a list of {@link EXPORTED_LISTS} has no entry to derive from
 */
export function exportInputs(entries: readonly InputEndpoint[]): InputEndpoint[] {
  return EXPORTED_LISTS.map((list) => {
    const e = entries.find((x) => x.route === `GET ${list}`);
    if (!e) throw new Error(`no generated-input entry for GET ${list}`);
    return { route: `GET ${list}/export`, as: e.as, weight: 0.1, request: e.request.map((r) => ({ ...r, url: toExport(r.url, list) })) };
  });
}
