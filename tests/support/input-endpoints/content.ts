/**
 * Generated-input entries of the announcements, video panel and logo routes; see
 * ../input-endpoints.ts. Media ids are random UUIDs or junk: none is a real upload of the society,
 * so a request naming one must be a 400 that writes nothing; one without an image may be stored.
 */
import fc from 'fast-check';
import { anyJson, body, query, text } from '../bad-input.js';
import { cursor, noBody, onId, page, residentItem, search, withBody, type InputEndpoint } from '../input-arbitraries.js';

const ANNOUNCEMENTS = { staff: 'announcements@greenvalley.test' };
const VIDEO = { staff: 'video@greenvalley.test' };
const LOGO = { staff: 'logo@greenvalley.test' };

const mediaId = fc.oneof(fc.uuid(), fc.constantFrom('00000000-0000-0000-0000-000000000000', 'logo-1', '', ' '));
const announcement = body({
  title: text(fc.constantFrom('Water off on Sunday', 'Gate timings', ' ', 'x'.repeat(201))),
  description: text(fc.constantFrom('From 9 to 12.', '', 'y'.repeat(5001))),
  mediaId: text(mediaId),
});
const videoUrl = fc.constantFrom('https://www.youtube.com/watch?v=x', 'http://example.org/a.mp4', 'javascript:alert(1)', 'ftp://x', 'abc', '', 'https://');

export const CONTENT_INPUTS: readonly InputEndpoint[] = [
  { route: 'POST /api/announcement', as: ANNOUNCEMENTS, request: withBody(fc.constant('/api/announcement'), announcement) },
  { route: 'POST /api/announcement/', as: ANNOUNCEMENTS, weight: 0.3, request: withBody(fc.constant('/api/announcement/'), announcement) },
  {
    route: 'GET /api/announcement',
    as: ANNOUNCEMENTS,
    weight: 0.5,
    request: noBody(
      fc.tuple(fc.constantFrom('/api/announcement', '/api/announcement/'), query({ page, q: search, after: cursor, before: cursor })).map(([p, q]) => p + q),
    ),
  },
  {
    route: 'DELETE /api/announcement/{id}',
    as: ANNOUNCEMENTS,
    weight: 0.5,
    request: withBody(onId('/api/announcement/'), fc.option(anyJson, { nil: undefined })),
  },
  {
    route: 'GET /api/resident/announcements',
    as: 'resident',
    weight: 0.4,
    request: noBody(query({ page, after: cursor, before: cursor }).map((q) => `/api/resident/announcements${q}`)),
  },
  residentItem('/api/resident/announcements'),
  {
    route: 'PUT /api/resident/announcements/{id}/seen',
    as: 'resident',
    weight: 0.5,
    request: withBody(onId('/api/resident/announcements/', '/seen'), fc.option(anyJson, { nil: undefined })),
  },
  { route: 'PUT /api/video-panel', as: VIDEO, request: withBody(fc.constant('/api/video-panel'), body({ url: text(videoUrl) })) },
  { route: 'GET /api/video-panel', as: VIDEO, weight: 0.4, request: noBody(query({ page, after: cursor, before: cursor }).map((q) => `/api/video-panel${q}`)) },
  { route: 'PUT /api/logo', as: LOGO, request: withBody(fc.constant('/api/logo'), body({ mediaId: text(mediaId) })) },
];
