/**
 * Browser error reports: each one a warn line in the server's log (nothing is stored), so an
 * operator sees a screen that fails or a chunk that no longer loads on members' screens.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ClientErrorReport } from '../../../shared/contracts/client-errors.js';
import type { Limit } from '../../lib/rate-limit/limit.js';

/** Where a report came from: the address, and the session credential it was sent with (unchecked). */
export interface ReportOrigin {
  ip: string;
  /** The staff session cookie or the resident's bearer token, as sent; undefined: none. */
  credential: string | undefined;
}

export interface ClientErrorService {
  /**
   * Counts the report against its session's limit, then logs it (one warn line,
   * `{clientError: {...report}, ip}`).
   * @throws TooManyRequestsError (429) past CLIENT_ERRORS_PER_MINUTE for the session
   */
  report(report: ClientErrorReport, origin: ReportOrigin): Promise<void>;
}

/**
 * The key a report is counted under: a hash of the credential (the log and the rate store never
 * hold a usable one), else the address. The credential is not checked — a report may come from the
 * sign-in page — so a made-up one only moves a sender to a new key; the per-address limit of the
 * route still holds it.
 */
export function reportSubject(origin: ReportOrigin): string {
  if (!origin.credential) return `ip:${origin.ip}`;
  return `s:${createHash('sha256').update(origin.credential).digest('base64url').slice(0, 22)}`;
}

export function clientErrorService(deps: { log: FastifyBaseLogger; limit: Limit }): ClientErrorService {
  return {
    async report(report, origin) {
      await deps.limit.take(reportSubject(origin));
      deps.log.warn({ clientError: report, ip: origin.ip }, `client error (${report.app} ${report.kind} ${report.path}): ${report.message.slice(0, 200)}`);
    },
  };
}
