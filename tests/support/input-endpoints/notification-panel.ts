/** Generated-input entries of the notification-panel routes; see ../input-endpoints.ts. */
import fc from 'fast-check';
import { body, query, text } from '../bad-input.js';
import { cursor, noBody, page, withBody, type InputEndpoint } from '../input-arbitraries.js';

const PANEL = { staff: 'notification@greenvalley.test' };

/** A message's texts: fine, at and past the limits (100 and 1000 characters), blank. */
const title = fc.constantFrom('Water supply', 'x'.repeat(100), 'x'.repeat(101), '   ');
const message = fc.constantFrom('No water on Sunday.', 'y'.repeat(1000), 'y'.repeat(1001), '');

/**
 * Resident ids: codes (both societies, unknown, malformed) and, still read for one release, row
 * ids (some of the seeded ones, some impossible).
 */
const residentId = fc.oneof(
  fc.constantFrom('GV0001', 'GV0002', 'LC0001', 'gv0001', 'GV99999', ' GV0003 ', '16', 'GV', ''),
  fc.integer({ min: 1, max: 130 }),
  fc.constantFrom(0, -1, 2_147_483_648, 1.5),
);

/** The start of a full name: real-looking, LIKE metacharacters, empty. */
const name = fc.constantFrom('a', 'Ali', 'AYESHA', '%', '_', '\\', '', ' ');

export const NOTIFICATION_PANEL_INPUTS: readonly InputEndpoint[] = [
  // Send to All writes a record and a push per resident: fewer cases than the single send.
  {
    route: 'POST /api/notifications/broadcast',
    as: PANEL,
    weight: 0.5,
    request: withBody(fc.constant('/api/notifications/broadcast'), body({ title: text(title), body: text(message) })),
  },
  {
    route: 'POST /api/notifications/send',
    as: PANEL,
    request: withBody(fc.constant('/api/notifications/send'), body({ residentId: text(residentId), title: text(title), body: text(message) })),
  },
  {
    route: 'GET /api/notifications/residents',
    as: PANEL,
    weight: 0.6,
    request: noBody(query({ q: name, name, page, after: cursor, before: cursor }).map((q) => `/api/notifications/residents${q}`)),
  },
  {
    route: 'GET /api/notifications/campaigns',
    as: PANEL,
    weight: 0.4,
    request: noBody(query({ page, after: cursor, before: cursor }).map((q) => `/api/notifications/campaigns${q}`)),
  },
];
