/**
 * Generated-input entries of a staff member's own account beyond the password (see
 * ../input-endpoints.ts): the two-factor step of sign-in, two-factor enrolment and turning it off,
 * the member's sessions, and the society's two-factor requirement.
 *
 * Enrolment runs as the video desk (button-five), whose session no other entry needs to be
 * anything but signed in: a confirm can never turn two-factor on, since a generated code matching
 * the pending secret is a one-in-a-million chance (and would only move that account to two-factor
 * sign-in, which the suite never signs in again). Its wrong codes count as video's failed sign-ins
 * (the shared throttle), so past LOGIN_MAX_FAILURES_PER_ACCOUNT the confirm and the password
 * check of turning it off answer 429: a 4xx that writes nothing, as the suite asks. The
 * requirement runs as Green Valley's super-admin, who has no two-factor: requiring it is refused
 * (409), not requiring it changes nothing.
 */
import fc from 'fast-check';
import { body, text } from '../bad-input.js';
import { noBody, withBody, type InputEndpoint } from '../input-arbitraries.js';

const VIDEO = { staff: 'video@greenvalley.test' };
const code = fc.constantFrom('123456', '000000', ' 12 34 56 ', 'abcde-fghij', 'ABCDEFGHIJ', '1234567', '');

export const ACCOUNT_INPUTS: readonly InputEndpoint[] = [
  {
    route: 'POST /api/society/login/2fa',
    as: 'anonymous',
    request: withBody(fc.constant('/api/society/login/2fa'), body({ challenge: text(fc.constantFrom('x', 'a'.repeat(43), '')), code: text(code) })),
  },
  { route: 'POST /api/society/me/2fa', as: VIDEO, weight: 0.5, request: noBody(fc.constant('/api/society/me/2fa')) },
  {
    route: 'POST /api/society/me/2fa/confirm',
    as: VIDEO,
    request: withBody(fc.constant('/api/society/me/2fa/confirm'), body({ code: text(code) })),
  },
  {
    route: 'DELETE /api/society/me/2fa',
    as: VIDEO,
    request: withBody(fc.constant('/api/society/me/2fa'), body({ currentPassword: text(fc.constantFrom('wrong', '', 'demo-pass-1')) })),
  },
  { route: 'DELETE /api/society/me/sessions', as: VIDEO, weight: 0.5, request: noBody(fc.constant('/api/society/me/sessions')) },
  {
    route: 'PUT /api/society/two-factor-policy',
    as: { staff: 'super-admin@greenvalley.test' },
    request: withBody(fc.constant('/api/society/two-factor-policy'), body({ requireForSuperAdmins: text(fc.boolean()) })),
  },
];
