/**
 * Generated-input entry of the browser apps' error reports (see ../input-endpoints.ts): public,
 * so sent anonymously; good reports, bad fields and any JSON at all.
 */
import fc from 'fast-check';
import { anyJson, body, text } from '../bad-input.js';
import { withBody, type InputEndpoint } from '../input-arbitraries.js';

const report = body({
  app: text(fc.constantFrom('dashboard', 'resident', 'other', '')),
  kind: text(fc.constantFrom('screen', 'listener', 'app', 'page')),
  path: text(fc.constantFrom('/Complaints', '/app/services', '/', 'no-slash', `/${'x'.repeat(400)}`)),
  message: text(fc.constantFrom('Failed to fetch dynamically imported module', 'x', '', 'y'.repeat(1001))),
  stack: text(fc.constantFrom('Error: x\n    at a (b.js:1:1)', 'z'.repeat(4001))),
  release: text(fc.constantFrom('index-abc.js', '')),
  chunkLoad: fc.constantFrom(true, false, 'yes', 1, null),
});

export const CLIENT_ERRORS_INPUTS: readonly InputEndpoint[] = [
  { route: 'POST /api/client-errors', as: 'anonymous', request: withBody(fc.constant('/api/client-errors'), fc.oneof(report, anyJson)) },
];
