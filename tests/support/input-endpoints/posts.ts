/**
 * Generated-input entries of the post routes (feed, discounts, plots, staff and
 * resident); see ../input-endpoints.ts. Media ids are random UUIDs or junk: none is an upload of
 * the society, so a body naming one must be a 400 that writes nothing; a feed post with a YouTube
 * link needs no media and may be stored (201), and then deleted by a generated DELETE.
 */
import fc from 'fast-check';
import { anyJson, body, query, text } from '../bad-input.js';
import { cursor, noBody, onId, page, phone, residentItem, residentList, search, withBody, type InputEndpoint } from '../input-arbitraries.js';

const CMS_ALL = { staff: 'cms-all@greenvalley.test' };

const mediaId = fc.oneof(fc.uuid(), fc.constantFrom('00000000-0000-0000-0000-000000000000', 'photo.png', '', ' '));
const mediaIds = fc.oneof(fc.array(mediaId, { maxLength: 7 }), fc.constant([]));
const description = fc.constantFrom('Gate 2 closes at 10 pm.', '', ' ', 'd'.repeat(2001));
const youtube = fc.constantFrom('https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ', 'https://vimeo.com/1', 'youtube.com', '');
const count = fc.oneof(fc.integer({ min: -1, max: 8 }), fc.constantFrom(1.5, 2 ** 31));
const price = fc.oneof(fc.constantFrom(0, -1, 1, 0.001, 12.34, 25_000_000, 1e11, 1e12, 1e21), fc.double({ min: -10, max: 1e12, noNaN: true }));

const staffList = (path: string): InputEndpoint => ({
  route: `GET ${path}`,
  as: CMS_ALL,
  weight: 0.5,
  request: noBody(query({ page, q: search, after: cursor, before: cursor }).map((q) => path + q)),
});
const staffDelete = (path: string): InputEndpoint => ({
  route: `DELETE ${path}/{id}`,
  as: CMS_ALL,
  weight: 0.5,
  request: withBody(onId(`${path}/`), fc.option(anyJson, { nil: undefined })),
});

export const POSTS_INPUTS: readonly InputEndpoint[] = [
  staffList('/api/feed'),
  {
    route: 'POST /api/feed',
    as: CMS_ALL,
    request: withBody(fc.constant('/api/feed'), body({ description: text(description), youtubeLink: text(youtube), mediaIds: text(mediaIds) })),
  },
  staffDelete('/api/feed'),
  staffList('/api/discounts'),
  {
    route: 'POST /api/discounts',
    as: CMS_ALL,
    request: withBody(
      fc.constant('/api/discounts'),
      body({
        brandName: text(fc.constantFrom('Bean There', '', 'b'.repeat(101))),
        branch: text(fc.constantFrom('Main Boulevard', ' ')),
        logoMediaId: text(mediaId),
        mediaId: text(mediaId),
        description: text(description),
        discount: text(fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constantFrom(7.5, '10', 0))),
        category: text(fc.constantFrom('Health', 'Fitness', 'Education', 'Food', 'Life Style', 'food', 'Sports')),
      }),
    ),
  },
  staffDelete('/api/discounts'),
  staffList('/api/plots'),
  {
    route: 'POST /api/plots',
    as: CMS_ALL,
    request: withBody(
      fc.constant('/api/plots'),
      body({
        type: text(fc.constantFrom('House', 'Flat', 'Room', 'Castle')),
        payment: text(fc.constantFrom('Installments', 'Full Pay', 'Cash')),
        area: text(fc.constantFrom('3 Marla', '1 Kanal', '4 Marla')),
        baths: text(count),
        rooms: text(count),
        phone: text(fc.oneof(phone, fc.constantFrom('0300123456', '030012345678'))),
        description: text(description),
        location: text(fc.constantFrom('Block C, Street 4', '')),
        price: text(price),
        mediaIds: text(mediaIds),
      }),
    ),
  },
  staffDelete('/api/plots'),
  residentList('/api/resident/feed'),
  {
    route: 'PUT /api/resident/feed/{id}/like',
    as: 'resident',
    weight: 0.5,
    request: withBody(onId('/api/resident/feed/', '/like'), fc.option(anyJson, { nil: undefined })),
  },
  {
    route: 'DELETE /api/resident/feed/{id}/like',
    as: 'resident',
    weight: 0.5,
    request: withBody(onId('/api/resident/feed/', '/like'), fc.option(anyJson, { nil: undefined })),
  },
  // The category filter: the enum's values exactly, or anything it refuses (400 naming `category`).
  {
    route: 'GET /api/resident/discounts',
    as: 'resident',
    weight: 0.4,
    request: noBody(
      query({ page, after: cursor, before: cursor, category: fc.constantFrom('Health', 'Life Style', 'Food', 'health', 'LifeStyle', '') }).map(
        (q) => `/api/resident/discounts${q}`,
      ),
    ),
  },
  residentList('/api/resident/plots'),
  ...['feed', 'discounts', 'plots'].map((kind) => residentItem(`/api/resident/${kind}`)),
];
