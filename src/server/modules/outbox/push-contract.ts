import type { FastifyBaseLogger } from 'fastify';
import type { PushPayload } from './repo.js';

/**
 * What became of one push, as the outbox worker acts on it:
 * - `sent`: delivered; the row is marked sent.
 * - `retry`: a passing failure (429, 5xx, network, token endpoint down): tried again after
 *   `retryAfterMs` (the push service's Retry-After) when given, else after the back-off; after the
 *   last attempt the row is failed.
 * - `unregistered`: the device token is no longer valid (FCM 404 UNREGISTERED, 400 about the
 *   token): the resident's token is cleared and the row failed, not retried.
 * - `rejected`: can never be delivered as it is (no device token, a message FCM refuses): the row
 *   is failed, not retried, the token kept.
 */
export type PushOutcome =
  | { status: 'sent' }
  | { status: 'retry'; error: string; retryAfterMs?: number }
  | { status: 'unregistered'; error: string }
  | { status: 'rejected'; error: string };

/**
 * Delivers one push. `send` resolves with its outcome; resolving with nothing means sent, and a
 * throw is a passing failure (retried with back-off), so a transport that only knows success or
 * an exception needs no outcome at all.
 */
export interface PushTransport {
  send(payload: PushPayload): Promise<PushOutcome | void>;
}

/** Runs `transport.send` and turns its answer (nothing, an outcome or a throw) into an outcome. */
export async function deliver(transport: PushTransport, payload: PushPayload): Promise<PushOutcome> {
  try {
    return (await transport.send(payload)) ?? { status: 'sent' };
  } catch (err) {
    return { status: 'retry', error: String(err) };
  }
}

/**
 * Logs each push instead of sending it: the transport when FCM_SERVICE_ACCOUNT_FILE is not set.
 * Every push counts as sent, a push without a device token too.
 */
export function logTransport(log: FastifyBaseLogger): PushTransport {
  return {
    async send(p) {
      log.info({ push: { to: p.to, residentId: p.residentId, title: p.title, body: p.body } }, 'push (log transport)');
    },
  };
}
