/**
 * Generated-input entries of the residents routes; see ../input-endpoints.ts: the
 * resident's registration and push token, /Residence's verify and /Status's lists and status change.
 *
 * The status change's valid value is 'Approve' only: a generated 'Block' of resident 3 (the suite's
 * signed-in resident) would revoke its token and leave every later resident route at 401.
 * Block's rules are tested in tests/api/residents-admin.test.ts.
 */
import fc from 'fast-check';
import { body, query, text } from '../bad-input.js';
import { bearer, cursor, email, noBody, onId, page, password, phone, withBody, type InputEndpoint } from '../input-arbitraries.js';

const RESIDENCE = { staff: 'residence@greenvalley.test' };
const STATUS = { staff: 'status@greenvalley.test' };
const name = fc.constantFrom('Ali', 'ali k', 'Zara Qureshi', '%', 'A_', '');
const residentId = fc.constantFrom('GV0001', 'GV0003', 'LC0001', 'gv0001', 'GV', 'GV99999');
const familyPhone = fc.oneof(phone, fc.constant(''));

export const RESIDENTS_INPUTS: readonly InputEndpoint[] = [
  {
    route: 'POST /api/resident/register',
    as: 'anonymous',
    request: withBody(
      fc.constant('/api/resident/register'),
      body({
        societyName: text(fc.constantFrom('Green Valley', 'lake city', 'Nowhere')),
        name: text(fc.constantFrom('Zara Qureshi', 'Ali')),
        phone: text(phone),
        password: text(fc.oneof(password, fc.constant('long-enough-1'))),
        house: text(fc.constant('12')),
        street: text(fc.constant('Street 3')),
        block: text(fc.constant('Block B')),
        email: text(fc.oneof(email, fc.constant(''))),
        age: text(fc.integer({ min: -1, max: 200 })),
        fatherName: text(fc.constant('Imran')),
        fatherPhone: text(familyPhone),
        fm1Name: text(fc.constant('Sara')),
        fm1Phone: text(familyPhone),
        fm2Name: text(fc.constant('Omar')),
        fm2Phone: text(familyPhone),
      }),
    ),
  },
  {
    route: 'PUT /api/resident/push-token',
    as: 'resident',
    request: withBody(fc.constant('/api/resident/push-token'), body({ token: text(fc.constantFrom('device-token-1', 'x'.repeat(4096))) })),
  },
  {
    route: 'PUT /api/resident/push-token',
    as: 'anonymous',
    request: fc
      .tuple(bearer, body({ token: text(fc.constant('device-token-2')) }))
      .map(([a, b]) => ({ url: '/api/resident/push-token', body: b, headers: { authorization: a } })),
  },
  {
    route: 'GET /api/residents/verify',
    as: RESIDENCE,
    weight: 0.5,
    request: noBody(query({ residentId }).map((q) => `/api/residents/verify${q}`)),
  },
  {
    route: 'GET /api/residents',
    as: STATUS,
    weight: 0.5,
    request: noBody(
      fc.tuple(fc.constantFrom('/api/residents', '/api/residents/'), query({ q: name, name, page, after: cursor, before: cursor })).map(([p, q]) => p + q),
    ),
  },
  {
    route: 'GET /api/residents/pending',
    as: STATUS,
    weight: 0.5,
    request: noBody(query({ q: name, name, page, after: cursor, before: cursor }).map((q) => `/api/residents/pending${q}`)),
  },
  {
    route: 'PUT /api/residents/{id}/status',
    as: STATUS,
    request: withBody(onId('/api/residents/', '/status'), body({ status: text(fc.constant('Approve')) })),
  },
];
