/**
 * Generated-input entries of the billing routes; see ../input-endpoints.ts.
 *
 * The suite sends JSON (or broken JSON, or text) bodies only, so `POST /api/bills/import` gets
 * those — each must be a 400 that writes nothing. Its multipart bodies (random bytes, broken and
 * valid spreadsheets, bad periods) are generated in tests/api/billing-import-fuzz.test.ts.
 */
import fc from 'fast-check';
import { anyJson, body, query, text } from '../bad-input.js';
import { cursor, noBody, onId, page, withBody, type InputEndpoint } from '../input-arbitraries.js';

const BILLING = { staff: 'billing@greenvalley.test' };

/** Amounts valid and not: negative, too many decimals, too large, zero (a bad rate), huge. */
const amount = fc.oneof(
  fc.constantFrom(0, 1, 45, 12.34, 0.01, 99_999.99, 100_000, 1_000_000),
  fc.constantFrom(-1, -0.01, 1.234, 0.001, 100_000.01, 1_000_000.5, 1e21, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.double({ min: -10, max: 1e7, noNaN: true }),
);
const period = fc.constantFrom('2030-01', '2030-12', '2030-13', '2030-1', '1999-01', '2030-00', 'May', '');
const residentId = fc.constantFrom('GV0001', 'GV0002', 'GV0031', 'LC0001', 'gv0001', 'GV99999', ' GV0003 ');
const name = fc.constantFrom('Ali', 'a', 'Zara Qureshi', '%', 'A_', '\\', '');

export const BILLING_INPUTS: readonly InputEndpoint[] = [
  {
    route: 'GET /api/bills/residents',
    as: BILLING,
    weight: 0.5,
    request: noBody(query({ q: name, name, page, after: cursor, before: cursor }).map((q) => `/api/bills/residents${q}`)),
  },
  {
    route: 'GET /api/bills',
    as: BILLING,
    weight: 0.5,
    request: noBody(fc.tuple(fc.constantFrom('/api/bills', '/api/bills/'), query({ period, page, after: cursor, before: cursor })).map(([p, q]) => p + q)),
  },
  {
    route: 'POST /api/bills',
    as: BILLING,
    request: withBody(
      fc.constant('/api/bills'),
      body({ residentId: text(residentId), ratePerUnit: text(amount), units: text(amount), period: text(period), total: text(amount) }),
    ),
  },
  {
    route: 'POST /api/bills/import',
    as: BILLING,
    weight: 0.5,
    request: withBody(
      fc.constant('/api/bills/import'),
      fc.option(fc.oneof(anyJson, body({ file: text(fc.constant('UEsDBA==')), period: text(period) })), { nil: undefined }),
    ),
  },
  {
    route: 'POST /api/bills/import/{importId}/commit',
    as: BILLING,
    request: withBody(onId('/api/bills/import/', '/commit'), fc.option(anyJson, { nil: undefined })),
  },
];
