/**
 * The generated-input suite's table (tests/api/generated-input.test.ts): every write endpoint and
 * every list query, each with the arbitrary of its requests. A module that adds a route adds ONE
 * entry here; the suite fails while a write route or a GET with query parameters of the OpenAPI
 * document has no entry.
 */
import fc from 'fast-check';
import { anyJson, badDate, badText, body, idSegment, query, text } from './bad-input.js';

/** Who sends the request: a staff member (their session cookie), the test resident (bearer), nobody. */
export type Caller = { staff: string } | 'resident' | 'anonymous';

export interface GeneratedRequest {
  /** Path and query string, raw (percent-encoding already applied where wanted). */
  url: string;
  /** JSON body; undefined sends none. */
  body?: unknown;
  /** Extra headers (e.g. a made-up Authorization for the sign-out routes). */
  headers?: Record<string, string>;
}

export interface InputEndpoint {
  /** `METHOD /path` as in the OpenAPI document (`{id}` for a path parameter). */
  route: string;
  as: Caller;
  request: fc.Arbitrary<GeneratedRequest>;
  /** Share of the generated cases relative to other entries (default 1): lower for slow lists. */
  weight?: number;
}

const COMPLAINTS = { staff: 'complaints@greenvalley.test' };
const SECURITY = { staff: 'security@greenvalley.test' };

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** Dates near today, valid or not (past, too far, too long windows). */
const nearDate = fc.integer({ min: -3, max: 400 }).map(isoDay);
const stage = fc.constantFrom('new', 'processing', 'completed');
const page = fc.oneof(fc.integer({ min: 1, max: 3 }).map(String), fc.constant('100000'));
const search = fc.constantFrom('a', 'Ali', '0300', 'Street 4', '%', 'GV00');
/** The shared list parameters (ZListQuery): page, search and the keyset cursors. */
const cursor = fc.integer({ min: 1, max: 200 }).map(String);
const listParams = { page, q: search, after: cursor, before: cursor };
const phone = fc.oneof(fc.constant('03000000003'), fc.stringMatching(/^\d{11}$/));
const email = fc.oneof(fc.constantFrom('complaints@greenvalley.test', 'security@lakecity.test'), fc.emailAddress());
const password = fc.constantFrom('demo-pass-1', 'wrong', '');
const bearer = fc.oneof(fc.string({ maxLength: 40 }).map((t) => `Bearer ${t}`), fc.string({ maxLength: 20 }));

const noBody = (url: fc.Arbitrary<string>) => url.map((u): GeneratedRequest => ({ url: u }));
const withBody = (url: fc.Arbitrary<string>, b: fc.Arbitrary<unknown>) => fc.tuple(url, b).map(([u, x]): GeneratedRequest => ({ url: u, body: x }));
const onId = (before: string, after = '') => idSegment.map((id) => `${before}${id}${after}`);

export const INPUT_ENDPOINTS: readonly InputEndpoint[] = [
  // Staff and resident sign-in and sign-out.
  { route: 'POST /api/society/login', as: 'anonymous', request: withBody(fc.constant('/api/society/login'), body({ email: text(email), password: text(password) })) },
  { route: 'POST /api/society/logout', as: 'anonymous', request: fc.tuple(fc.string({ maxLength: 30 }), anyJson).map(([c, b]) => ({ url: '/api/society/logout', body: b, headers: { cookie: `sd_session=${encodeURIComponent(c)}` } })) },
  { route: 'POST /api/resident/login', as: 'anonymous', request: withBody(fc.constant('/api/resident/login'), body({ phone: text(phone), password: text(password) })) },
  { route: 'POST /api/resident/logout', as: 'anonymous', request: fc.tuple(bearer, anyJson).map(([a, b]) => ({ url: '/api/resident/logout', body: b, headers: { authorization: a } })) },
  // Complaints.
  { route: 'GET /api/complain', as: COMPLAINTS, weight: 0.6, request: noBody(fc.tuple(fc.constantFrom('/api/complain', '/api/complain/'), query({ stage, ...listParams })).map(([p, q]) => p + q)) },
  { route: 'PUT /api/complain/{id}', as: COMPLAINTS, request: withBody(onId('/api/complain/'), body({ action: text(fc.constantFrom('proceed', 'submit')), response: text(fc.constant('Fixed.')), confirmed: text(fc.boolean()) })) },
  { route: 'POST /api/complain', as: 'resident', request: withBody(fc.constant('/api/complain'), body({ complain: text(fc.constant('The lift is broken.')) })) },
  // Security.
  { route: 'GET /api/security', as: SECURITY, weight: 0.6, request: noBody(fc.tuple(fc.constantFrom('/api/security', '/api/security/'), query({ stage, ...listParams })).map(([p, q]) => p + q)) },
  { route: 'PUT /api/security/{id}', as: SECURITY, request: withBody(onId('/api/security/'), body({ action: text(fc.constantFrom('proceed', 'submit')), securityComplain: text(fc.constant('Guard sent.')), response: text(fc.constant('Done.')), confirmed: text(fc.boolean()) })) },
  { route: 'GET /api/security/alarms', as: SECURITY, weight: 0.6, request: noBody(query({ before: fc.integer({ min: 1, max: 200 }).map(String) }).map((q) => `/api/security/alarms${q}`)) },
  { route: 'POST /api/security/{id}/acknowledge', as: SECURITY, request: withBody(onId('/api/security/', '/acknowledge'), fc.option(anyJson, { nil: undefined })) },
  { route: 'POST /api/security', as: 'resident', request: withBody(fc.constant('/api/security'), body({ securityComplain: text(fc.constant('Help at the gate.')) })) },
  // Not at home.
  { route: 'GET /api/nothome', as: SECURITY, weight: 0.6, request: noBody(fc.tuple(fc.constantFrom('/api/nothome', '/api/nothome/'), query({ state: fc.constantFrom('active', 'cancelled', 'arrived'), guard: fc.constantFrom('any', 'unassigned'), ...listParams })).map(([p, q]) => p + q)) },
  { route: 'PUT /api/nothome/update/{id}', as: SECURITY, request: withBody(onId('/api/nothome/update/'), body({ guardName: text(fc.constant('Aslam')), guardPhone: text(phone), guardEmail: text(email) })) },
  { route: 'POST /api/nothome', as: 'resident', request: withBody(fc.constant('/api/nothome'), body({ from: text(fc.oneof(nearDate, badDate)), to: text(fc.oneof(nearDate, badDate)) })) },
  { route: 'PUT /api/nothome/{id}/cancel', as: 'resident', request: withBody(onId('/api/nothome/', '/cancel'), fc.option(anyJson, { nil: undefined })) },
  { route: 'PUT /api/nothome/{id}/arrived', as: 'resident', request: withBody(onId('/api/nothome/', '/arrived'), fc.option(badText, { nil: undefined })) },
];
