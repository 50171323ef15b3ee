/**
 * The resolve step of a three-stage desk (complaints, security): a required Response, a confirming
 * checkbox and Submit. Blank response or unticked box → toast 'Please check Response and Checkbox
 * is enable! ' (spec sections 5 and 8), checked here before the server checks it again.
 */
import { Button, Checkbox, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { MSG } from '../../../shared/messages';
import type { SubmitInput } from '../../../shared/contracts/desk';
import { notifyError } from '../../lib/notify';

interface ResolveFormProps {
  /** Checkbox label, e.g. 'I confirm this complaint is resolved'. */
  confirmLabel: string;
  submitting: boolean;
  onSubmit: (input: SubmitInput) => void;
}

export function ResolveForm({ confirmLabel, submitting, onSubmit }: ResolveFormProps) {
  const [response, setResponse] = useState('');
  const [confirmed, setConfirmed] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = response.trim();
    if (!text || !confirmed) {
      notifyError(MSG.responseAndCheckbox);
      return;
    }
    onSubmit({ action: 'submit', response: text, confirmed: true });
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
          value={response}
          onChange={(event) => setResponse(event.currentTarget.value)}
        />
        <Checkbox label={confirmLabel} checked={confirmed} onChange={(event) => setConfirmed(event.currentTarget.checked)} />
        <Button type="submit" loading={submitting}>
          Submit
        </Button>
      </Stack>
    </form>
  );
}
