import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import webpush from 'web-push';
import { systemClock, type Clock } from '../../lib/clock.js';
import { isNotPublicError, isTestHost, publicOnlyLookup, type HostResolver, type WebPushDelivery } from '../web-push/service.js';
import { parseRetryAfter } from './fcm-response.js';
import type { PushOutcome, PushTransport } from './push-contract.js';
import type { PushPayload } from './repo.js';

/** The longest one Web Push request may take (connect, send, answer): as FCM's calls. */
export const WEB_PUSH_HTTP_TIMEOUT_MS = 10_000;

/** How long a push service keeps a push for a browser that is offline (its TTL header): one day. */
export const WEB_PUSH_TTL_S = 86_400;

/**
 * What the service worker receives (decrypted): the same texts and item as FCM's message —
 * `{title, body, image?, data: {type, id, documentId}}`, every `data` value text.
 */
export interface WebPushMessage {
  title: string;
  body: string;
  image?: string;
  data?: Record<string, string>;
}

/** The JSON a push's Web Push rows carry to the browser (see {@link WebPushMessage}). */
export function webPushMessage(p: PushPayload): WebPushMessage {
  const data = p.data ? Object.fromEntries(Object.entries(p.data).map(([k, v]) => [k, String(v)])) : undefined;
  return { title: p.title, body: p.body, ...(p.image ? { image: p.image } : {}), ...(data ? { data } : {}) };
}

/**
 * A push service's answer as an outcome (RFC 8030 §5, RFC 8292): 2xx sent; 404 and 410 the
 * subscription is gone (removed, not retried); 429 and 5xx retried like FCM's, honouring
 * Retry-After; anything else (400, 401/403 a VAPID key the service refuses, 413 too large) can
 * never succeed as it is: rejected, subscription kept.
 */
export function webPushOutcome(status: number, body: string, retryAfter: string | null, now: Date): PushOutcome {
  if (status >= 200 && status < 300) return { status: 'sent' };
  const error = `Web Push ${status}${body ? `: ${body.slice(0, 200)}` : ''}`;
  if (status === 404 || status === 410) return { status: 'unregistered', error };
  if (status === 429 || status >= 500) {
    const retryAfterMs = parseRetryAfter(retryAfter, now);
    return retryAfterMs === undefined ? { status: 'retry', error } : { status: 'retry', error, retryAfterMs };
  }
  return { status: 'rejected', error };
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: string;
}

/** POSTs `details` to `url` within `timeoutMs`; the first 1 kB of the answer's body is kept (the rest is read and dropped). */
function post(url: URL, details: webpush.RequestDetails, agent: https.Agent | undefined, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = url.protocol === 'https:' ? https.request : http.request;
    const req = request(url, { method: 'POST', headers: details.headers, agent, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < 1024) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () => {
        const retryAfter = res.headers['retry-after'];
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
          body: Buffer.concat(chunks).toString('utf8').slice(0, 1024),
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });
}

/**
 * Web Push (RFC 8030, VAPID RFC 8292, aes128gcm RFC 8291) as the outbox's transport for the rows
 * the fan-out made for a subscription (`payload.webPush`): reads the subscription (a removed one:
 * rejected, nothing sent), encrypts {@link webPushMessage} for its keys and signs with the VAPID
 * pair (`web-push`'s `generateRequestDetails`), and POSTs it. Only https endpoints are fetched,
 * through an agent whose DNS lookup (`resolveHost`, default the system's) refuses a name with any
 * non-public address and connects only to the addresses it checked (`publicOnlyLookup`); such a
 * subscription is `unregistered` (the worker deletes it, as a gone one, and the push is not
 * retried). A configured test host (WEB_PUSH_TEST_HOSTS) may be http and local. A network error,
 * a timeout (`timeoutMs`, default 10 s) or keys that cannot be loaded is a retry; a success stamps
 * the subscription's `last_success_at`. Only reading the subscription may throw (the database),
 * which the outbox treats as any failed attempt.
 */
export function webPushTransport(opts: { delivery: WebPushDelivery; clock?: Clock; timeoutMs?: number; resolveHost?: HostResolver }): PushTransport {
  const { delivery } = opts;
  const clock = opts.clock ?? systemClock;
  const timeoutMs = opts.timeoutMs ?? WEB_PUSH_HTTP_TIMEOUT_MS;
  const agent = new https.Agent({ keepAlive: true, lookup: publicOnlyLookup(opts.resolveHost) });

  return {
    async send(p): Promise<PushOutcome> {
      if (p.webPush === undefined) return { status: 'rejected', error: 'not a Web Push row' };
      const sub = await delivery.subscription(p.webPush);
      if (!sub) return { status: 'rejected', error: 'Web Push subscription removed' };
      const url = new URL(sub.endpoint);
      const test = isTestHost(url, delivery.testHosts);
      // Checked when stored too; a stored row is never trusted to reach inside.
      if (!test && (url.protocol !== 'https:' || isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0)) {
        return { status: 'rejected', error: 'Web Push endpoint refused: https to a host name only' };
      }
      try {
        const vapidDetails = await delivery.keys.get();
        const details = webpush.generateRequestDetails(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          JSON.stringify(webPushMessage(p)),
          {
            vapidDetails,
            TTL: WEB_PUSH_TTL_S,
            contentEncoding: 'aes128gcm',
          },
        );
        const answer = await post(url, details, test ? undefined : agent, timeoutMs);
        const outcome = webPushOutcome(answer.status, answer.body, answer.retryAfter, clock.now());
        // A lost stamp is harmless; a retry after a delivered push is not.
        if (outcome.status === 'sent') await delivery.delivered(sub.id, clock.now()).catch(() => undefined);
        return outcome;
      } catch (err) {
        // An address inside: never sent there, now or later, so the subscription goes.
        if (isNotPublicError(err)) return { status: 'unregistered', error: err instanceof Error ? err.message : String(err) };
        return { status: 'retry', error: `Web Push request failed: ${err instanceof Error ? err.message : String(err)}` };
      }
    },
  };
}

/**
 * The outbox's transport: each row to its own target's transport — a Web Push row
 * (`payload.webPush`) to `webPush`, every other row to `fcm` (FCM or the logging transport, or a
 * test's).
 */
export function routeByTarget(fcm: PushTransport, webPush: PushTransport): PushTransport {
  return { send: (p) => (p.webPush === undefined ? fcm.send(p) : webPush.send(p)) };
}
