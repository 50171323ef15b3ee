/**
 * Generated-input entries of the resident's password and the society reads the app's screens add
 * (see ../input-endpoints.ts): the password change, /Status's password reset, the public society
 * names of the registration picker, the discount categories and the resident's own society
 * (its emergency contacts).
 *
 * The change never sends the suite's resident's right password, and the reset never names that
 * resident (its row id, looked up by the suite into {@link SUITE_RESIDENT}): either would end the
 * token every later resident entry signs in with. Its wrong current passwords count as failed
 * sign-ins of the resident's phone, so past the limit it answers 429 (writing nothing); the token
 * stays signed in.
 */
import fc from 'fast-check';
import { anyJson, body, query, text } from '../bad-input.js';
import { noBody, page, withBody, type InputEndpoint } from '../input-arbitraries.js';

const STATUS = { staff: 'status@greenvalley.test' };
/**
 * The resident every `as: 'resident'` entry signs in as. `rowId` is its residents.id, which the
 * suite looks up before generating (a seed change may move it).
 */
export const SUITE_RESIDENT: { phone: string; rowId?: number } = { phone: '03000000003' };

/**
 * Row ids of other Green Valley residents, Lake City's, none, and what is no id at all — never
 * the suite's own resident's.
 * @throws Error at generation when the suite has not set SUITE_RESIDENT.rowId
 */
const resetId = fc.constantFrom('1', '2', '3', '4', '60', '2147483647', '0', '-1', 'abc', '1.5', '99999999999', '%20').filter((id) => {
  if (SUITE_RESIDENT.rowId === undefined) throw new Error('SUITE_RESIDENT.rowId is not looked up yet');
  return id !== String(SUITE_RESIDENT.rowId);
});

export const RESIDENT_ACCOUNT_INPUTS: readonly InputEndpoint[] = [
  {
    route: 'PUT /api/resident/password',
    as: 'resident',
    request: withBody(
      fc.constant('/api/resident/password'),
      body({
        currentPassword: text(fc.constantFrom('wrong', '', 'demo-pass-2', 'x'.repeat(201))),
        newPassword: text(fc.constantFrom('a-new-password-2', 'short', '', 'x'.repeat(201))),
      }),
    ),
  },
  {
    route: 'POST /api/residents/{id}/reset-password',
    as: STATUS,
    weight: 0.5,
    request: fc.tuple(resetId, anyJson).map(([id, b]) => ({ url: `/api/residents/${id}/reset-password`, body: b })),
  },
  // Takes no input: any query is ignored (a 200); a NUL or bidi control in it is a 400.
  {
    route: 'GET /api/resident/society',
    as: 'resident',
    weight: 0.3,
    request: noBody(query({ page, q: fc.constantFrom('x', '%00', '%E2%80%AE', '') }).map((q) => `/api/resident/society${q}`)),
  },
  // Take no input either: the server's public VAPID key and the discount categories with counts.
  ...['/api/resident/web-push/key', '/api/resident/discounts/categories'].map((path): InputEndpoint => ({
    route: `GET ${path}`,
    as: 'resident',
    weight: 0.2,
    request: noBody(query({ page, q: fc.constantFrom('x', '%00', '%E2%80%AE', '') }).map((q) => `${path}${q}`)),
  })),
  {
    route: 'GET /api/societies',
    as: 'anonymous',
    request: noBody(
      fc
        .tuple(
          fc.constantFrom('/api/societies', '/api/societies/'),
          query({ page, q: fc.constantFrom('green', '%', '_', 'Lake City', ''), search: fc.constantFrom('valley', '\\', '') }),
        )
        .map(([p, q]) => p + q),
    ),
  },
];
