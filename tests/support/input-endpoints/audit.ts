/** Generated-input entry of /Audit's list (module 'audit', Green Valley's super-admin); see ../input-endpoints.ts. */
import fc from 'fast-check';
import { query } from '../bad-input.js';
import { isoDay, listParams, nearDate, noBody, type InputEndpoint } from '../input-arbitraries.js';

const day = fc.oneof(nearDate, fc.constant(isoDay(-400)), fc.constantFrom('2031-02-30', 'today', ''));

export const AUDIT_INPUTS: readonly InputEndpoint[] = [
  {
    route: 'GET /api/audit',
    as: { staff: 'super-admin@greenvalley.test' },
    weight: 0.5,
    request: noBody(
      query({
        ...listParams,
        actor: fc.constantFrom('16', '1', '18', '0', 'x'),
        module: fc.constantFrom('complaints', 'staff', 'security', 'kitchen', ''),
        action: fc.constantFrom('sign-in', 'proceed', 'create', ''),
        from: day,
        to: day,
      }).map((q) => `/api/audit${q}`),
    ),
  },
];
