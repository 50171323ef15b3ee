/**
 * The one form pattern of the app: a form is checked with the SAME shared zod schema the server
 * uses, before anything is sent, so the spec's messages (spec sections 5 and 8, held by the shared
 * schemas) show without a request; the error sits under its field and, as the spec's forms report
 * by toast, shows as a toast too. The server's 400 (its message and the field it names) is shown
 * the same way with `refused`.
 *
 * Only one message shows at a time (the spec's forms stop at the first problem). Which one, when
 * several fields fail: the first in `order` (the spec's form order, e.g. every "Please fill …"
 * before a format message), else zod's first issue.
 */
import { useCallback, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { MSG } from '../../shared/messages';
import { ApiError } from './api-error';
import { notifyError } from './notify';

export interface FieldError {
  /** The field's name in the schema ('' when the message is the whole form's). */
  field: string;
  message: string;
}

export interface FormErrorsOptions {
  /** Messages that are reported before the others, in this order (see the file header). */
  order?: readonly string[];
}

/** The message to show for a failed parse, and its field (see `order`). */
export function firstError(error: z.ZodError, order: readonly string[] = []): FieldError {
  const rank = (message: string) => {
    const index = order.indexOf(message);
    return index === -1 ? order.length : index;
  };
  // A stable sort: issues of equal rank keep zod's (the schema's field) order.
  const [issue] = [...error.issues].sort((a, b) => rank(a.message) - rank(b.message));
  return { field: String(issue?.path[0] ?? ''), message: issue?.message ?? MSG.fillRequired };
}

/**
 * The errors of one form checked with `schema`:
 * - `check(values)`: the parsed values, or null after showing the first error (toast and field);
 * - `errorOf(field)`: the message to show under that field (undefined when none);
 * - `invalid(field)`: whether the error is that field's, for a form whose spec reports the message
 *   by toast alone: pass it as the input's `error` and the field is marked (red, aria-invalid)
 *   without repeating the text;
 * - `refused(error)`: shows why the server refused (its 4xx message and field), or MSG.uploadFailed
 *   when the request failed otherwise (spec section 8 "Upload failures");
 * - `clear()`: forgets the error (e.g. when the form is reset).
 */
export function useFormErrors<TOut>(schema: z.ZodType<TOut>, options: FormErrorsOptions = {}) {
  const [error, setError] = useState<FieldError | null>(null);
  const { order } = options;

  const errorOf = useCallback((field: string) => (error?.field === field ? error.message : undefined), [error]);
  const invalid = useCallback((field: string) => error?.field === field, [error]);

  const check = useCallback(
    (values: unknown): TOut | null => {
      const parsed = schema.safeParse(values);
      if (parsed.success) {
        setError(null);
        return parsed.data;
      }
      const first = firstError(parsed.error, order);
      setError(first);
      notifyError(first.message);
      return null;
    },
    [schema, order],
  );

  const refused = useCallback((err: unknown) => {
    if (err instanceof ApiError && err.status === 401) return; // the session ended: the client already said so
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
      setError({ field: err.field ?? '', message: err.message });
      notifyError(err.message);
      return;
    }
    notifyError(MSG.uploadFailed);
  }, []);

  const clear = useCallback(() => setError(null), []);

  return { errorOf, invalid, check, refused, clear };
}

/**
 * The props that bind a text input or textarea to a state pair: `value`, and an `onChange` that
 * stores the text as typed. Spread it: `<TextInput label="Title" {...bindText(title, setTitle)} />`.
 */
export function bindText(value: string, set: (text: string) => void) {
  return { value, onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(e.currentTarget.value) };
}

/** A required pick from a fixed list (Mantine Select): marked required, and a choice cannot be cleared by clicking it again. */
export const REQUIRED_CHOICE = { withAsterisk: true, allowDeselect: false } as const;
