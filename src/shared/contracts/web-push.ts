/**
 * Web Push (RFC 8030 with VAPID, RFC 8292; payload encryption RFC 8291) for the resident app: the
 * server's public key and a browser's push subscription as `PushSubscription.toJSON()` gives it.
 * Browser-safe: the checks here are of shape and length only; the server also checks that
 * `p256dh` is a point on P-256 and that the endpoint is a public https address.
 */
import { z } from 'zod';
import { atMostChars } from './common.js';

/** A resident may register at most this many subscriptions (browsers, devices). */
export const MAX_WEB_PUSH_SUBSCRIPTIONS = 10;

/** The longest endpoint URL accepted (push services' URLs are 100–500 characters). */
export const MAX_WEB_PUSH_ENDPOINT = 2048;

export const WEB_PUSH_MSG = {
  endpoint: 'The push endpoint must be an https URL of a push service.',
  p256dh: 'keys.p256dh must be an uncompressed P-256 public key (65 bytes, base64url).',
  auth: 'keys.auth must be 16 bytes, base64url.',
  tooMany: `A resident can register at most ${MAX_WEB_PUSH_SUBSCRIPTIONS} push subscriptions. Remove one (DELETE /api/resident/web-push) first.`,
  busy: 'This push subscription is being registered elsewhere. Try again.',
} as const;

/** GET /api/resident/web-push/key: the VAPID public key, the `applicationServerKey` of `pushManager.subscribe`. */
export const ZWebPushKey = z.object({
  publicKey: z.string().describe('VAPID public key: the uncompressed P-256 point (65 bytes), base64url without padding'),
});
export type WebPushKey = z.infer<typeof ZWebPushKey>;

const ZEndpoint = z
  .string({ error: WEB_PUSH_MSG.endpoint })
  .max(MAX_WEB_PUSH_ENDPOINT, atMostChars(MAX_WEB_PUSH_ENDPOINT))
  // https only is the server's check (tests may name a plain-http test host).
  .refine((v) => URL.canParse(v) && ['https:', 'http:'].includes(new URL(v).protocol), WEB_PUSH_MSG.endpoint);

/**
 * POST /api/resident/web-push: a browser's subscription (`PushSubscription.toJSON()`; its
 * `expirationTime` and any other key are ignored).
 * - `endpoint`: https URL of the browser's push service, at most 2048 characters;
 * - `keys.p256dh`: the browser's ECDH public key, 65 bytes (0x04 first) as base64url (87
 *   characters, or 88 with '=' padding);
 * - `keys.auth`: the 16-byte authentication secret as base64url (22 characters, or 24 padded).
 */
export const ZWebPushSubscription = z.object({
  endpoint: ZEndpoint,
  keys: z.object(
    {
      p256dh: z.string({ error: WEB_PUSH_MSG.p256dh }).regex(/^B[A-Za-z0-9_-]{86}=?$/, WEB_PUSH_MSG.p256dh),
      auth: z.string({ error: WEB_PUSH_MSG.auth }).regex(/^[A-Za-z0-9_-]{22}(==)?$/, WEB_PUSH_MSG.auth),
    },
    { error: 'keys must be an object with p256dh and auth.' },
  ),
});
export type WebPushSubscription = z.infer<typeof ZWebPushSubscription>;

/** DELETE /api/resident/web-push: the endpoint of one of the resident's own subscriptions. */
export const ZWebPushEndpoint = z.object({ endpoint: ZEndpoint });

/** A stored subscription as its resident sees it (201 of the POST). */
export const ZWebPushSubscribed = z.object({
  endpoint: z.string(),
  createdAt: z.string().describe('ISO 8601: when this endpoint was first registered by this resident'),
});
export type WebPushSubscribed = z.infer<typeof ZWebPushSubscribed>;
