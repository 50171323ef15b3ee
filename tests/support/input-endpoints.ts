/**
 * The generated-input suite's table (tests/api/generated-input.test.ts): every write endpoint and
 * every list query, each with the arbitrary of its requests. A module that adds a route adds ONE
 * entry here (or in its own file under input-endpoints/, spread below); the suite fails while a write route or a GET with query parameters of the OpenAPI
 * document has no entry.
 */
import fc from 'fast-check';
import { anyJson, badDate, badText, body, query, text } from './bad-input.js';
import {
  COMPLAINTS,
  SECURITY,
  bearer,
  cursor,
  email,
  listParams,
  nearDate,
  noBody,
  onId,
  page,
  password,
  phone,
  overdue,
  stage,
  withBody,
  type InputEndpoint,
} from './input-arbitraries.js';
import { DOCTOR_INPUTS } from './input-endpoints/doctor.js';
import { GROCERY_INPUTS } from './input-endpoints/grocery.js';
import { BILLING_INPUTS } from './input-endpoints/billing.js';
import { NOTIFICATION_PANEL_INPUTS } from './input-endpoints/notification-panel.js';
import { RESIDENT_READ_INPUTS } from './input-endpoints/resident-reads.js';
import { RESIDENTS_INPUTS } from './input-endpoints/residents.js';
import { POSTS_INPUTS } from './input-endpoints/posts.js';
import { MEDIA_INPUTS } from './input-endpoints/media.js';
import { CONTENT_INPUTS } from './input-endpoints/content.js';
import { STAFF_INPUTS } from './input-endpoints/staff.js';
import { ACCOUNT_INPUTS } from './input-endpoints/account.js';
import { AUDIT_INPUTS } from './input-endpoints/audit.js';
import { exportInputs } from './input-endpoints/exports.js';
import { DRILLS_INPUTS } from './input-endpoints/drills.js';
import { REPORTS_INPUTS } from './input-endpoints/reports.js';
import { DEADLINES_INPUTS } from './input-endpoints/deadlines.js';
import { WEB_PUSH_INPUTS } from './input-endpoints/web-push.js';
import { RESIDENT_ACCOUNT_INPUTS } from './input-endpoints/resident-account.js';
import { CLIENT_ERRORS_INPUTS } from './input-endpoints/client-errors.js';

export type { Caller, GeneratedRequest, InputEndpoint } from './input-arbitraries.js';

const LIST_AND_WRITE_ENDPOINTS: readonly InputEndpoint[] = [
  ...GROCERY_INPUTS,
  ...DOCTOR_INPUTS,
  ...RESIDENT_READ_INPUTS,
  ...RESIDENTS_INPUTS,
  ...BILLING_INPUTS,
  ...NOTIFICATION_PANEL_INPUTS,
  ...POSTS_INPUTS,
  ...MEDIA_INPUTS,
  ...CONTENT_INPUTS,
  ...STAFF_INPUTS,
  ...ACCOUNT_INPUTS,
  ...AUDIT_INPUTS,
  ...DRILLS_INPUTS,
  ...REPORTS_INPUTS,
  ...DEADLINES_INPUTS,
  ...WEB_PUSH_INPUTS,
  ...RESIDENT_ACCOUNT_INPUTS,
  ...CLIENT_ERRORS_INPUTS,
  // Staff and resident sign-in and sign-out.
  {
    route: 'POST /api/society/login',
    as: 'anonymous',
    writesWhenRefused: 'a failed sign-in of a known account is audited, with its address',
    request: withBody(fc.constant('/api/society/login'), body({ email: text(email), password: text(password) })),
  },
  {
    route: 'POST /api/society/logout',
    as: 'anonymous',
    request: fc
      .tuple(fc.string({ maxLength: 30 }), anyJson)
      .map(([c, b]) => ({ url: '/api/society/logout', body: b, headers: { cookie: `sd_session=${encodeURIComponent(c)}` } })),
  },
  // Never the right current password: a generated case must not change the demo account's.
  {
    route: 'PUT /api/society/me/password',
    as: { staff: 'logo@greenvalley.test' },
    request: withBody(
      fc.constant('/api/society/me/password'),
      body({
        currentPassword: text(fc.constantFrom('wrong', '', 'demo-pass-2')),
        newPassword: text(fc.constantFrom('violet-harbour-tractor-57', 'short', '')),
      }),
    ),
  },
  {
    route: 'POST /api/resident/login',
    as: 'anonymous',
    request: withBody(fc.constant('/api/resident/login'), body({ phone: text(phone), password: text(password) })),
  },
  {
    route: 'POST /api/resident/logout',
    as: 'anonymous',
    request: fc.tuple(bearer, anyJson).map(([a, b]) => ({ url: '/api/resident/logout', body: b, headers: { authorization: a } })),
  },
  // Complaints.
  {
    route: 'GET /api/complain',
    as: COMPLAINTS,
    weight: 0.6,
    request: noBody(fc.tuple(fc.constantFrom('/api/complain', '/api/complain/'), query({ stage, ...listParams, overdue })).map(([p, q]) => p + q)),
  },
  {
    route: 'PUT /api/complain/{id}',
    as: COMPLAINTS,
    request: withBody(
      onId('/api/complain/'),
      body({ action: text(fc.constantFrom('proceed', 'submit')), response: text(fc.constant('Fixed.')), confirmed: text(fc.boolean()) }),
    ),
  },
  {
    route: 'POST /api/complain',
    as: 'resident',
    request: withBody(fc.constant('/api/complain'), body({ complain: text(fc.constant('The lift is broken.')) })),
  },
  // Security.
  {
    route: 'GET /api/security',
    as: SECURITY,
    weight: 0.6,
    request: noBody(fc.tuple(fc.constantFrom('/api/security', '/api/security/'), query({ stage, ...listParams })).map(([p, q]) => p + q)),
  },
  {
    route: 'PUT /api/security/{id}',
    as: SECURITY,
    request: withBody(
      onId('/api/security/'),
      body({
        action: text(fc.constantFrom('proceed', 'submit')),
        securityComplain: text(fc.constant('Guard sent.')),
        response: text(fc.constant('Done.')),
        confirmed: text(fc.boolean()),
      }),
    ),
  },
  {
    route: 'GET /api/security/alarms',
    as: SECURITY,
    weight: 0.6,
    request: noBody(query({ page, after: cursor, before: cursor }).map((q) => `/api/security/alarms${q}`)),
  },
  {
    route: 'POST /api/security/{id}/acknowledge',
    as: SECURITY,
    request: withBody(onId('/api/security/', '/acknowledge'), fc.option(anyJson, { nil: undefined })),
  },
  {
    route: 'POST /api/security',
    as: 'resident',
    request: withBody(fc.constant('/api/security'), body({ securityComplain: text(fc.constant('Help at the gate.')) })),
  },
  // Not at home.
  {
    route: 'GET /api/nothome',
    as: SECURITY,
    weight: 0.6,
    request: noBody(
      fc
        .tuple(
          fc.constantFrom('/api/nothome', '/api/nothome/'),
          query({ state: fc.constantFrom('active', 'cancelled', 'arrived'), guard: fc.constantFrom('any', 'unassigned'), ...listParams }),
        )
        .map(([p, q]) => p + q),
    ),
  },
  {
    route: 'PUT /api/nothome/update/{id}',
    as: SECURITY,
    request: withBody(onId('/api/nothome/update/'), body({ guardName: text(fc.constant('Aslam')), guardPhone: text(phone), guardEmail: text(email) })),
  },
  {
    route: 'POST /api/nothome',
    as: 'resident',
    request: withBody(fc.constant('/api/nothome'), body({ from: text(fc.oneof(nearDate, badDate)), to: text(fc.oneof(nearDate, badDate)) })),
  },
  { route: 'PUT /api/nothome/{id}/cancel', as: 'resident', request: withBody(onId('/api/nothome/', '/cancel'), fc.option(anyJson, { nil: undefined })) },
  { route: 'PUT /api/nothome/{id}/arrived', as: 'resident', request: withBody(onId('/api/nothome/', '/arrived'), fc.option(badText, { nil: undefined })) },
];

/** Every entry: the lists and writes above, and each list's export (input-endpoints/exports.ts). */
export const INPUT_ENDPOINTS: readonly InputEndpoint[] = [...LIST_AND_WRITE_ENDPOINTS, ...exportInputs(LIST_AND_WRITE_ENDPOINTS)];
