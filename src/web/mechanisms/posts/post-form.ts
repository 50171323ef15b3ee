/**
 * The checks and errors of the post forms (issue 10; spec sections 5, 8): the browser validates
 * with the SAME zod schema as the server, so the spec's message shows before any request; the
 * server's 400 message (with the field it names) shows the same way when it refuses.
 *
 * A message shows as a toast and under its field (the first problem only, as the spec's forms
 * stop at the first). A failure that is not a refusal (network, 5xx) shows MSG.uploadFailed
 * (spec section 8 "Upload failures").
 */
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { MSG } from '../../../shared/messages';
import { ApiError } from '../../lib/api-error';
import { notifyError } from '../../lib/notify';


interface FieldError {
  field: string;
  message: string;
}

/** Field errors of one form: `check` before sending, `refused` for the server's answer. */
export function usePostFormErrors() {
  const [error, setError] = useState<FieldError | null>(null);

  /** The error to show under `field` (undefined when none). */
  const errorOf = useCallback((field: string) => (error?.field === field ? error.message : undefined), [error]);

  /** Parses `value`; on failure shows the first issue's message and returns null. */
  const check = useCallback(<T>(schema: z.ZodType<T>, value: unknown): T | null => {
    const parsed = schema.safeParse(value);
    if (parsed.success) {
      setError(null);
      return parsed.data;
    }
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? MSG.fillRequired;
    setError({ field: String(issue?.path[0] ?? ''), message });
    notifyError(message);
    return null;
  }, []);

  /** Shows why the server refused the save (its 4xx message) or MSG.uploadFailed. */
  const refused = useCallback((err: unknown) => {
    if (err instanceof ApiError && err.status === 401) return; // the session ended: the client already said so
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
      setError({ field: err.field ?? '', message: err.message });
      notifyError(err.message);
      return;
    }
    notifyError(MSG.uploadFailed);
  }, []);

  /** Shows a message not tied to a field (a refused media pick). */
  const refuse = useCallback((message: string) => notifyError(message), []);

  return { errorOf, check, refused, refuse, clear: () => setError(null) };
}
