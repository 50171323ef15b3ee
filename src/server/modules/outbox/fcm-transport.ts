import { systemClock, type Clock } from '../../lib/clock.js';
import { accessTokens, FCM_HTTP_TIMEOUT_MS, type ServiceAccount } from './fcm-auth.js';
import { fcmOutcome } from './fcm-response.js';
import type { PushOutcome, PushTransport } from './push-contract.js';
import type { PushPayload } from './repo.js';

/** The JSON FCM HTTP v1 `messages:send` takes for one push. */
export interface FcmMessage {
  message: {
    token: string;
    notification: { title: string; body: string; image?: string };
    /** FCM data values must be strings. */
    data?: Record<string, string>;
  };
}

/**
 * The FCM message for a push to device `token`: its `data` (`{type, id, documentId}`) with every
 * value as text, as FCM requires; left out when the push has none. A row queued before `type` and
 * `id` existed carries `documentId` alone and is sent so.
 */
export function fcmMessage(p: PushPayload, token: string): FcmMessage {
  const notification = { title: p.title, body: p.body, ...(p.image ? { image: p.image } : {}) };
  const data = p.data ? Object.fromEntries(Object.entries(p.data).map(([k, v]) => [k, String(v)])) : undefined;
  return { message: { token, notification, ...(data ? { data } : {}) } };
}

/**
 * Firebase Cloud Messaging's HTTP v1 API as the outbox's push transport, so pushes really reach
 * residents' devices: `POST ${baseUrl}/v1/projects/${project_id}/messages:send` with an OAuth access
 * token from `tokenUrl` (see `accessTokens`: cached until shortly before it expires). Never
 * throws: every answer becomes a `PushOutcome` (`fcmOutcome`); a push without a device token is
 * rejected without a request ('no device token'); a network error or timeout (10 s per call), or a
 * token endpoint that fails, is a retry. `fetch` and `clock` are injectable for tests.
 */
export function fcmTransport(opts: { serviceAccount: ServiceAccount; tokenUrl: string; baseUrl: string; fetch?: typeof fetch; clock?: Clock }): PushTransport {
  const doFetch = opts.fetch ?? fetch;
  const clock = opts.clock ?? systemClock;
  const tokens = accessTokens({ account: opts.serviceAccount, tokenUrl: opts.tokenUrl, fetch: doFetch, clock });
  const sendUrl = `${opts.baseUrl.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(opts.serviceAccount.project_id)}/messages:send`;

  return {
    async send(p): Promise<PushOutcome> {
      if (p.to === null || p.to === '') return { status: 'rejected', error: 'no device token' };
      try {
        const res = await doFetch(sendUrl, {
          method: 'POST',
          headers: { authorization: `Bearer ${await tokens.get()}`, 'content-type': 'application/json' },
          body: JSON.stringify(fcmMessage(p, p.to)),
          signal: AbortSignal.timeout(FCM_HTTP_TIMEOUT_MS),
        });
        // Read to the end either way (frees the connection); only an error body is looked at.
        const body: unknown = await res.json().catch(() => undefined);
        if (res.status === 401) tokens.forget();
        return fcmOutcome(res.status, body, res.headers.get('retry-after'), clock.now());
      } catch (err) {
        return { status: 'retry', error: `FCM request failed: ${err instanceof Error ? err.message : String(err)}` };
      }
    },
  };
}
