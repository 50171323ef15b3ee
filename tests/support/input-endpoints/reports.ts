/** Generated-input entry of /Reports (module 'reports'): Green Valley's super-admin, every desk, good and bad periods; see ../input-endpoints.ts. */
import fc from 'fast-check';
import { query } from '../bad-input.js';
import { isoDay, nearDate, noBody, type InputEndpoint } from '../input-arbitraries.js';

const day = fc.oneof(nearDate, fc.constant(isoDay(-400)), fc.constant(isoDay(-30)), fc.constantFrom('2031-02-30', 'today', ''));

export const REPORTS_INPUTS: readonly InputEndpoint[] = [
  {
    route: 'GET /api/reports/{desk}',
    as: { staff: 'super-admin@greenvalley.test' },
    weight: 0.5,
    request: noBody(
      fc
        .tuple(
          fc.constantFrom('complaints', 'security', 'grocery', 'doctor', 'kitchen', ''),
          query({ period: fc.constantFrom('today', '7d', '30d', 'custom', 'year', ''), from: day, to: day }),
        )
        .map(([desk, q]) => `/api/reports/${desk}${q}`),
    ),
  },
  {
    // Every 200 builds a workbook in the writer thread: a low weight, as the list exports have.
    route: 'GET /api/reports/{desk}/export',
    as: { staff: 'super-admin@greenvalley.test' },
    weight: 0.1,
    request: noBody(
      fc
        .tuple(
          fc.constantFrom('complaints', 'security', 'grocery', 'kitchen', ''),
          query({
            figure: fc.constantFrom('volume', 'heat', 'speed', 'security', 'notHome', 'grocery', 'staff', 'overdue', ''),
            period: fc.constantFrom('today', '30d', 'custom', 'year'),
            from: day,
            to: day,
          }),
        )
        .map(([desk, q]) => `/api/reports/${desk}/export${q}`),
    ),
  },
];
