/**
 * Generated-input entries of the resident's own reads (bills included); see ../input-endpoints.ts. The
 * lists take the resident list query (ZResidentListQuery: page and the keyset cursors, no search).
 */
import fc from 'fast-check';
import { anyJson } from '../bad-input.js';
import { onId, residentItem, residentList, withBody, type InputEndpoint } from '../input-arbitraries.js';

export const RESIDENT_READ_INPUTS: readonly InputEndpoint[] = [
  residentList('/api/resident/complaints'),
  residentList('/api/resident/alarms'),
  residentList('/api/resident/nothome'),
  residentList('/api/resident/notifications'),
  residentList('/api/resident/bills'),
  {
    route: 'PUT /api/resident/notifications/{id}/read',
    as: 'resident',
    request: withBody(onId('/api/resident/notifications/', '/read'), fc.option(anyJson, { nil: undefined })),
  },
  // Takes no input: any body is ignored (a 2xx); a NUL in the query is a 400 that writes nothing.
  {
    route: 'PUT /api/resident/notifications/read-all',
    as: 'resident',
    request: withBody(
      fc.constantFrom('/api/resident/notifications/read-all', '/api/resident/notifications/read-all?x=%00'),
      fc.option(anyJson, { nil: undefined }),
    ),
  },
  // Items by id (what a push opens): a bad id is a 400 naming `id`, another's a 404.
  ...['complaints', 'alarms', 'nothome', 'bills', 'orders', 'consultations', 'messages'].map((kind) => residentItem(`/api/resident/${kind}`)),
];
