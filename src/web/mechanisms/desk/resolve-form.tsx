/**
 * The resolve step of a three-stage desk (complaints, security): a required Response, a confirming
 * checkbox and Submit. Blank response or unticked box → toast 'Please check Response and Checkbox
 * is enable! ' (spec sections 5 and 8), checked with the shared ZSubmit before the server checks
 * it again.
 */
import { Button, Checkbox, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ZSubmit, type SubmitInput } from '../../../shared/contracts/desk';
import { useFormErrors, bindText } from '../../lib/use-form-errors';

interface ResolveFormProps {
  /** Checkbox label, e.g. 'I confirm this complaint is resolved'. */
  confirmLabel: string;
  submitting: boolean;
  onSubmit: (input: SubmitInput) => void;
}

export function ResolveForm({ confirmLabel, submitting, onSubmit }: ResolveFormProps) {
  const [response, setResponse] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const errors = useFormErrors(ZSubmit);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = errors.check({ action: 'submit', response, confirmed });
    if (input) onSubmit(input);
  };

  // noValidate: the spec's toast, not the browser's bubble, reports a missing field.
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm" mt="md">
        <Textarea
          label="Response"
          withAsterisk
          aria-required
          autosize
          minRows={3}
          maxLength={2000}
          {...bindText(response, setResponse)}
          error={errors.invalid('response')}
        />
        <Checkbox
          label={confirmLabel}
          checked={confirmed}
          onChange={(event) => setConfirmed(event.currentTarget.checked)}
          error={errors.invalid('confirmed')}
        />
        <Button type="submit" loading={submitting}>
          Submit
        </Button>
      </Stack>
    </form>
  );
}
