/**
 * Generated-input entries of the resident's Web Push subscriptions; see ../input-endpoints.ts.
 * Endpoints mix a push service's shape (on .invalid, which the harness's resolver does not resolve:
 * 400) with http, addresses, names that resolve inside, local names, other schemes and
 * huge URLs (none is stored: each is refused by its text or by the addresses it resolves to); keys
 * mix a real browser key with wrong lengths, points off the curve and bad base64url (checked before
 * the name is resolved).
 */
import { createECDH, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { body, text } from '../bad-input.js';
import { withBody, type InputEndpoint } from '../input-arbitraries.js';

const browser = createECDH('prime256v1');
browser.generateKeys();
const p256dh = browser.getPublicKey('base64url');
const auth = randomBytes(16).toString('base64url');

const endpoint = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom('a', 'b', '0', '-', '_') }).map((s) => `https://push.invalid/send/${s}`),
  fc.constantFrom(
    'http://push.invalid/send/x',
    'https://127.0.0.1/x',
    'https://[::1]/x',
    'https://localhost/x',
    'https://169.254.169.254/latest/meta-data',
    // Names that resolve inside (the harness's resolver answers <address>.nip.io as nip.io does).
    'https://127.0.0.1.nip.io/x',
    'https://10.0.0.1.nip.io/send/x',
    'https://push.invalid:8443/x',
    'https://u:p@push.invalid/x',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://',
    '',
    `https://push.invalid/${'a'.repeat(2100)}`,
  ),
);
const keys = body({
  p256dh: text(fc.constantFrom(p256dh, `${p256dh}=`, `B${'A'.repeat(86)}`, p256dh.slice(1), `${p256dh}A`, p256dh.replace(/[A-Za-z]/, '+'))),
  auth: text(fc.constantFrom(auth, `${auth}==`, 'AAAA', `${auth}AA`, auth.replace(/[A-Za-z]/, '/'))),
});

export const WEB_PUSH_INPUTS: readonly InputEndpoint[] = [
  { route: 'POST /api/resident/web-push', as: 'resident', request: withBody(fc.constant('/api/resident/web-push'), body({ endpoint: text(endpoint), keys })) },
  {
    route: 'DELETE /api/resident/web-push',
    as: 'resident',
    weight: 0.5,
    request: withBody(fc.constant('/api/resident/web-push'), body({ endpoint: text(endpoint) })),
  },
];
