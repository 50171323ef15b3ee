/**
 * The dashboard's error reporter (shared/client-errors.ts): what its error boundaries catch goes to
 * the server's log through POST /api/client-errors, each failure once, a few a minute at most. The
 * session cookie rides along (same origin), which is what the server's per-session limit counts.
 *
 * The reporter is a chunk of its own, loaded on the first error: the initial load is at its budget
 * (ADR 0006). A release keeps the previous one's files for a while (scripts/web-assets.ts), so an
 * open page still loads it after a deploy; should it not arrive, the report is lost, never the page.
 */
import type { ReportError } from '../../shared/client-errors';

/** This build's entry file name (its hash names the release); the source path in development. */
const release = new URL(import.meta.url).pathname.split('/').pop();

let reporter: Promise<ReportError> | undefined;

/** Reports what a boundary caught (`kind` of part, at `path`); never throws. */
export const reportClientError: ReportError = (kind, error, path) => {
  reporter ??= import('../../shared/client-errors').then(({ errorReporter }) => errorReporter({ app: 'dashboard', release }));
  reporter.then(
    (report) => report(kind, error, path),
    () => (reporter = undefined),
  );
};
