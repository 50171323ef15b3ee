import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { readServiceAccount } from './fcm-auth.js';
import { fcmTransport } from './fcm-transport.js';
import { logTransport, type PushTransport } from './push-contract.js';

/**
 * The push transport the configuration asks for: Firebase Cloud Messaging's HTTP v1 API
 * when FCM_SERVICE_ACCOUNT_FILE is set (the file is read and checked now, at start-up; token and
 * API URLs from FCM_TOKEN_URL and FCM_BASE_URL), otherwise the logging transport. Logs once which
 * one is in use. `clock` (default the system clock) times the access-token cache and Retry-After.
 * @throws Error when the service-account file is missing or invalid (see `readServiceAccount`).
 */
export function pushTransportFor(config: Config, log: FastifyBaseLogger, clock: Clock = systemClock): PushTransport {
  if (config.FCM_SERVICE_ACCOUNT_FILE === undefined) {
    log.warn('pushes are only logged: set FCM_SERVICE_ACCOUNT_FILE to send them');
    return logTransport(log);
  }
  const serviceAccount = readServiceAccount(config.FCM_SERVICE_ACCOUNT_FILE);
  log.info({ projectId: serviceAccount.project_id, baseUrl: config.FCM_BASE_URL }, 'pushes are sent through Firebase Cloud Messaging');
  return fcmTransport({ serviceAccount, tokenUrl: config.FCM_TOKEN_URL, baseUrl: config.FCM_BASE_URL, clock });
}
