/**
 * Change your own password: under "My account" in the header, and in place of every screen after
 * a sign-in with a temporary password (the server answers 403 to anything else until then). The
 * fields are checked with the shared ZChangePasswordRequest first; the policy (length, not common
 * or guessable) is the server's, whose message shows under "New password". A lazy chunk: the
 * initial load carries no zod (ADR 0006).
 */
import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ZChangePasswordRequest } from '../../../../shared/contracts/auth';
import { notifySuccess } from '../../../lib/notify';
import { bindText, useFormErrors } from '../../../lib/use-form-errors';
import { useChangePassword } from '../api/change-password';

export interface ChangePasswordFormProps {
  /** The member signed in with a temporary password and must choose their own. */
  temporary: boolean;
  /** Called once the password is changed. */
  onDone?: () => void;
}

export default function ChangePasswordForm({ temporary, onDone }: ChangePasswordFormProps) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const form = useFormErrors(ZChangePasswordRequest);
  const change = useChangePassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check({ currentPassword, newPassword });
    if (!body) return;
    change.mutate(body, {
      onSuccess: () => {
        notifySuccess('Your password is changed.');
        onDone?.();
      },
      onError: form.refused,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={420}>
        <Title order={2}>{temporary ? 'Choose your own password' : 'Change your password'}</Title>
        {temporary ? <Text>You signed in with a temporary password. Choose a password of your own to continue.</Text> : null}
        <PasswordInput
          label={temporary ? 'Temporary password' : 'Current password'}
          autoComplete="current-password"
          {...bindText(currentPassword, setCurrentPassword)}
          error={form.errorOf('currentPassword')}
        />
        <PasswordInput
          label="New password"
          description="At least 10 characters, and not a common or easily guessed one."
          autoComplete="new-password"
          {...bindText(newPassword, setNewPassword)}
          error={form.errorOf('newPassword')}
        />
        <Button type="submit" loading={change.isPending}>
          Save password
        </Button>
      </Stack>
    </form>
  );
}
