/** Generated-input entries of /Deadlines (module 'deadlines', Green Valley's super-admin); see ../input-endpoints.ts. */
import fc from 'fast-check';
import { body, query, text } from '../bad-input.js';
import { listParams, noBody, withBody, type InputEndpoint } from '../input-arbitraries.js';

const SUPER_ADMIN = { staff: 'super-admin@greenvalley.test' };
const hours = fc.constantFrom<unknown>(0, 1, 24, 8760, 8761, -1, null, '24', 1.5);
const desk = fc.constantFrom<unknown>('complaint', 'grocery', 'doctor', 'security', '');
const setting = body({ desk: text(desk), firstActionHours: text(hours), completionHours: text(hours), notifyResident: text(fc.boolean()) });

export const DEADLINES_INPUTS: readonly InputEndpoint[] = [
  {
    route: 'PUT /api/deadlines',
    as: SUPER_ADMIN,
    // One to three desks, repeated ones included (a repeated desk is a 400 naming it).
    request: withBody(fc.constant('/api/deadlines'), body({ desks: text(fc.array(setting, { minLength: 0, maxLength: 4 })) })),
  },
  {
    route: 'GET /api/deadlines/overdue',
    as: SUPER_ADMIN,
    weight: 0.5,
    request: noBody(query(listParams).map((q) => `/api/deadlines/overdue${q}`)),
  },
  // Takes no input: any query is ignored; a NUL or bidi control in it is a 400.
  {
    route: 'GET /api/deadlines',
    as: SUPER_ADMIN,
    weight: 0.2,
    request: noBody(query({ page: listParams.page, q: fc.constantFrom('x', '%00', '%E2%80%AE', '') }).map((q) => `/api/deadlines${q}`)),
  },
];
