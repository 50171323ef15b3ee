/**
 * The toast of a failed order save (spec section 8: 'An error occurred while processing your
 * request.'), followed by the server's reason when it gave one (a bad line names its field, a
 * delivered order says so), so staff know what to fix.
 */
import { MSG } from '../../../../shared/messages';
import { ApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';

export function notifySaveFailed(error: unknown): void {
  notifyError(MSG.orderSaveFailed);
  if (error instanceof ApiError && error.message !== MSG.orderSaveFailed) notifyError(error.message);
}
