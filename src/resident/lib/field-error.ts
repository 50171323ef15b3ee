/**
 * The server's refusal, placed where the resident will see it: a 400 that names a field shows
 * under that field (the server's own message, e.g. 'Phone must be exactly 11 digits.'); any other
 * failure shows above the form. The server is the one validator (no schema in the bundle).
 */
import { ApiError, errorText } from './api';

export interface Refusal {
  /** The message for `field`'s input, or undefined. */
  of(field: string): string | undefined;
  /** The message not tied to a field in `fields` (shown above the form), or undefined. */
  general: string | undefined;
}

/** Splits `error` (a mutation's) into field and general messages; `fields` are the form's inputs. */
export function refusal(error: unknown, fields: readonly string[]): Refusal {
  if (!error) return { of: () => undefined, general: undefined };
  const field = error instanceof ApiError ? error.field : undefined;
  const onField = field !== undefined && fields.includes(field);
  return {
    of: (name) => (onField && name === field ? errorText(error) : undefined),
    general: onField ? undefined : errorText(error),
  };
}
