/** Generated-input entries of the SOS drills (button-one of Green Valley); see ../input-endpoints.ts. */
import fc from 'fast-check';
import { anyJson, badText, body, query, text } from '../bad-input.js';
import { SECURITY, listParams, noBody, onId, staffItem, withBody, type InputEndpoint } from '../input-arbitraries.js';

export const DRILLS_INPUTS: readonly InputEndpoint[] = [
  {
    route: 'POST /api/security/drills',
    as: SECURITY,
    weight: 0.3,
    request: withBody(fc.constant('/api/security/drills'), fc.option(anyJson, { nil: undefined })),
  },
  {
    route: 'POST /api/security/drills/{id}/rang',
    as: SECURITY,
    request: withBody(
      onId('/api/security/drills/', '/rang'),
      body({
        screen: text(fc.oneof(fc.constantFrom('tab-1', 'a'.repeat(64), 'a'.repeat(65), ''), badText)),
        ringMs: fc.constantFrom<unknown>(-1, 0, 250, 1.5, 1e9, 'x', null),
      }),
    ),
  },
  {
    route: 'POST /api/security/drills/{id}/end',
    as: SECURITY,
    weight: 0.5,
    request: withBody(onId('/api/security/drills/', '/end'), fc.option(anyJson, { nil: undefined })),
  },
  {
    route: 'GET /api/security/drills',
    as: SECURITY,
    weight: 0.5,
    request: noBody(query({ page: listParams.page, after: listParams.after, before: listParams.before }).map((q) => `/api/security/drills${q}`)),
  },
  // A drill's report by id: bad and foreign ids are a 400 or 404.
  staffItem('/api/security/drills', SECURITY),
];
