/**
 * Generated-input entries of the resident's own reads (bills included); see ../input-endpoints.ts. The
 * lists take the resident list query (ZResidentListQuery: page and the keyset cursors, no search).
 */
import fc from 'fast-check';
import { anyJson } from '../bad-input.js';
import { onId, residentList, withBody, type InputEndpoint } from '../input-arbitraries.js';

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
];
