/**
 * Generated-input entries of /Staff's routes (module 'staff', Green Valley's super-admin); see
 * ../input-endpoints.ts.
 *
 * The changes aim only at accounts the suite's callers do not sign in with: ids 17–33 are the
 * demo seed's guard (role Guard: not a dashboard account, 404) and Lake City's staff (404 from
 * Green Valley), plus ids that do not exist and malformed ones. A generated disable or reset of a
 * Green Valley account would end a session that later entries use; the rules of real changes are
 * tested in tests/api/staff-admin.test.ts.
 */
import fc from 'fast-check';
import { SUB_ROLES } from '../../../src/shared/subroles.js';
import { body, idSegment, query, text } from '../bad-input.js';
import { email, listParams, noBody, withBody, type InputEndpoint } from '../input-arbitraries.js';

const SUPER_ADMIN = { staff: 'super-admin@greenvalley.test' };
const notOurs = fc.oneof(
  { arbitrary: fc.integer({ min: 17, max: 33 }).map(String), weight: 3 },
  { arbitrary: fc.constant('2000000000'), weight: 1 },
  { arbitrary: idSegment.filter((s) => !/^0*([1-9]|1[0-6])$/.test(s)), weight: 2 },
);
const onStaff = (after = '') => notOurs.map((id) => `/api/staff/${id}${after}`);
const subRole = fc.oneof(fc.constantFrom(...SUB_ROLES), fc.constantFrom('owner', 'Super-Admin', ''));

export const STAFF_INPUTS: readonly InputEndpoint[] = [
  {
    route: 'GET /api/staff',
    as: SUPER_ADMIN,
    weight: 0.5,
    request: noBody(query(listParams).map((q) => `/api/staff${q}`)),
  },
  {
    route: 'POST /api/staff',
    as: SUPER_ADMIN,
    request: withBody(fc.constant('/api/staff'), body({ name: text(fc.constantFrom('Sana Malik', 'A')), email: text(email), subRole: text(subRole) })),
  },
  {
    route: 'PUT /api/staff/{id}',
    as: SUPER_ADMIN,
    request: withBody(onStaff(), body({ subRole: text(subRole), disabled: text(fc.boolean()) })),
  },
  {
    route: 'POST /api/staff/{id}/reset-password',
    as: SUPER_ADMIN,
    request: noBody(onStaff('/reset-password')),
  },
  {
    route: 'DELETE /api/staff/{id}/sessions',
    as: SUPER_ADMIN,
    request: noBody(onStaff('/sessions')),
  },
];
