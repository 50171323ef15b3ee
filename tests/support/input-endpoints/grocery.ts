/** Generated-input entries of the grocery routes; see ../input-endpoints.ts. */
import fc from 'fast-check';
import { UNITS } from '../../../src/shared/contracts/grocery.js';
import { anyJson, body, query, text } from '../bad-input.js';
import { GROCERY, cursor, listParams, noBody, onId, page, withBody, overdue, type InputEndpoint } from '../input-arbitraries.js';

/** Numbers an order line may hold, and ones it may not (negative, too many decimals, too large, not finite as text). */
const amount = fc.oneof(
  fc.constantFrom(0, 1, 2.5, 0.1, 0.001, 120.4, 99_999.999, 100_000, 10_000_000),
  fc.constantFrom(-1, -0.01, 1.2345, 0.0001, 100_000.5, 10_000_000.01, 1e21, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.double({ min: -10, max: 1e8, noNaN: true }),
);

/** One order line: each field valid-ish, bad or of the wrong type; a client `total` sometimes. */
const line = body({
  itemName: text(fc.constantFrom('Rice', 'Eggs', 'Oil 1L')),
  quantity: text(amount),
  currency: text(fc.constantFrom(...UNITS, 'kg', 'tonne')),
  price: text(amount),
  total: text(amount),
});

/** The lines of an order: 0 to a few (sometimes more than the 100 allowed), or not an array. */
const lines = fc.oneof(
  { arbitrary: fc.array(line, { maxLength: 4 }), weight: 6 },
  { arbitrary: fc.array(line, { minLength: 101, maxLength: 103 }), weight: 1 },
  { arbitrary: anyJson, weight: 1 },
);

/** Request ids: some near the seeded and generated ones, some impossible. */
const requestId = fc.oneof(fc.integer({ min: 1, max: 400 }), fc.constantFrom(0, -1, 2_147_483_648, 1.5));

export const GROCERY_INPUTS: readonly InputEndpoint[] = [
  // Resident filing first: it makes grocery requests the staff entries below can hit.
  { route: 'POST /api/grocery', as: 'resident', request: withBody(fc.constant('/api/grocery'), body({ list: text(fc.constant('Milk and bread')) })) },
  {
    route: 'GET /api/resident/orders',
    as: 'resident',
    weight: 0.6,
    request: noBody(query({ page, after: cursor, before: cursor }).map((q) => `/api/resident/orders${q}`)),
  },
  {
    route: 'GET /api/grocery',
    as: GROCERY,
    weight: 0.6,
    request: noBody(fc.tuple(fc.constantFrom('/api/grocery', '/api/grocery/'), query({ ...listParams, overdue })).map(([p, q]) => p + q)),
  },
  { route: 'POST /api/orders', as: GROCERY, request: withBody(fc.constant('/api/orders'), body({ requestId: text(requestId), items: lines })) },
  {
    route: 'GET /api/orders',
    as: GROCERY,
    weight: 0.6,
    request: noBody(
      fc
        .tuple(fc.constantFrom('/api/orders', '/api/orders/'), query({ stage: fc.constantFrom('open', 'delivered', 'new'), ...listParams }))
        .map(([p, q]) => p + q),
    ),
  },
  {
    route: 'PUT /api/orders/{id}',
    as: GROCERY,
    request: withBody(onId('/api/orders/'), body({ action: text(fc.constantFrom('update', 'deliver')), items: lines })),
  },
];
