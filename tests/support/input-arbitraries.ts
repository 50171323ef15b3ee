/**
 * Building blocks of the generated-input suite's table (input-endpoints.ts and the per-module
 * files under input-endpoints/): callers, request shapes and the shared arbitraries.
 */
import fc from 'fast-check';
import { idSegment, query } from './bad-input.js';

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
  /**
   * Why a refused request of this route writes by design (its 4xx is still checked: never a 5xx);
   * only for a refusal that is itself a record, such as a failed sign-in in the audit log.
   */
  writesWhenRefused?: string;
}

export const COMPLAINTS = { staff: 'complaints@greenvalley.test' };
export const SECURITY = { staff: 'security@greenvalley.test' };

export const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** Dates near today, valid or not (past, too far, too long windows). */
export const nearDate = fc.integer({ min: -3, max: 400 }).map(isoDay);
export const stage = fc.constantFrom('new', 'processing', 'completed');
export const page = fc.oneof(fc.integer({ min: 1, max: 3 }).map(String), fc.constant('100000'));
export const search = fc.constantFrom('a', 'Ali', '0300', 'Street 4', '%', 'GV00');
/** The shared list parameters (ZListQuery): page, search and the keyset cursors. */
export const cursor = fc.integer({ min: 1, max: 200 }).map(String);
export const listParams = { page, q: search, after: cursor, before: cursor };
/** A desk stage list's `overdue` filter (ZDeskListQuery): '1', '0', or what it refuses. */
export const overdue = fc.constantFrom('1', '0', 'yes', '');
export const phone = fc.oneof(fc.constant('03000000003'), fc.stringMatching(/^\d{11}$/));
export const email = fc.oneof(fc.constantFrom('complaints@greenvalley.test', 'security@lakecity.test'), fc.emailAddress());
export const password = fc.constantFrom('demo-pass-1', 'wrong', '');
export const bearer = fc.oneof(
  fc.string({ maxLength: 40 }).map((t) => `Bearer ${t}`),
  fc.string({ maxLength: 20 }),
);

export const noBody = (url: fc.Arbitrary<string>) => url.map((u): GeneratedRequest => ({ url: u }));
export const withBody = (url: fc.Arbitrary<string>, b: fc.Arbitrary<unknown>) => fc.tuple(url, b).map(([u, x]): GeneratedRequest => ({ url: u, body: x }));
export const onId = (before: string, after = '') => idSegment.map((id) => `${before}${id}${after}`);

export const GROCERY = { staff: 'grocery@greenvalley.test' };
export const DOCTOR = { staff: 'doctor@greenvalley.test' };

/** One item of the resident API by id (`GET <path>/{id}`, what a push opens): good, bad and foreign ids. */
export const residentItem = (path: string): InputEndpoint => ({
  route: `GET ${path}/{id}`,
  as: 'resident',
  weight: 0.2,
  request: noBody(onId(`${path}/`)),
});

/** One item of a staff list by id (`GET <path>/{id}` as `as`): good, bad and foreign ids — 404 or 400, never 5xx. */
export const staffItem = (path: string, as: { staff: string }): InputEndpoint => ({
  route: `GET ${path}/{id}`,
  as,
  weight: 0.2,
  request: noBody(onId(`${path}/`)),
});

/** A resident's own list (ZResidentListQuery: page and the keyset cursors, no search). */
export const residentList = (path: string): InputEndpoint => ({
  route: `GET ${path}`,
  as: 'resident',
  weight: 0.4,
  request: noBody(query({ page, after: cursor, before: cursor }).map((q) => path + q)),
});
