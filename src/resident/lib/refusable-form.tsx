/**
 * The resident app's one form frame: submitting never reloads the page (`onSubmit` gets no event),
 * the browser's own validation is off (the server is the one validator), and a refusal not tied to
 * one of the form's fields (`refused.general`, lib/field-error) is shown above the inputs, as an
 * alert. Field messages go on the inputs themselves (`refused.of(name)`).
 */
import { Alert, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import type { Refusal } from './field-error';

/** A form of `children` calling `onSubmit` (no event) and showing `refused.general` above them. */
export function RefusableForm({ refused, onSubmit, children }: { refused: Refusal; onSubmit: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {refused.general && (
          <Alert color="red" role="alert">
            {refused.general}
          </Alert>
        )}
        {children}
      </Stack>
    </form>
  );
}
