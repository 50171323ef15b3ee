/**
 * The resident's password change (PUT /api/resident/password): the current password and a new one
 * (the registration's rules, checked by the server, which names the field at fault). On the
 * Profile screen, and alone on screen after a staff reset (ChangePasswordScreen) until it is done.
 */
import { Alert, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { t } from '../../i18n/catalogue';
import { refusal } from '../../lib/field-error';
import { RefusableForm } from '../../lib/refusable-form';
import { useChangePassword, useSignOut } from './account-api';

const FIELDS = ['currentPassword', 'newPassword'] as const;

export function ChangePasswordForm() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const mutation = useChangePassword();
  const refused = refusal(mutation.error, FIELDS);
  return (
    <Stack component="section" aria-labelledby="change-password-title" gap="sm">
      <Title order={3} id="change-password-title">
        {t.account.changePasswordTitle}
      </Title>
      {mutation.isSuccess && (
        <Alert color="teal" role="status">
          {t.account.passwordChanged}
        </Alert>
      )}
      <RefusableForm
        refused={refused}
        onSubmit={() =>
          mutation.mutate(
            { currentPassword, newPassword },
            {
              onSuccess: () => {
                setCurrent('');
                setNew('');
              },
            },
          )
        }
      >
        <PasswordInput
          label={t.account.currentPassword}
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          error={refused.of('currentPassword')}
        />
        <PasswordInput
          label={t.account.newPassword}
          description={t.account.newPasswordHint}
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNew(e.currentTarget.value)}
          error={refused.of('newPassword')}
        />
        <Button type="submit" loading={mutation.isPending}>
          {t.account.changePassword}
        </Button>
      </RefusableForm>
    </Stack>
  );
}

/**
 * After a staff reset (the profile's `mustChangePassword`): the change form (or sign-out) until it
 * is done. The server answers nothing else to a temporary password, the SOS press included (the
 * office handed that password over, so it cannot prove the resident pressed), so `emergency` (the
 * numbers to call, given by the app's guard) is on the same screen instead.
 */
export function ChangePasswordScreen({ emergency }: { emergency: ReactNode }) {
  const signOut = useSignOut();
  return (
    <Stack component="main" p="md" maw={28 * 16} mx="auto">
      <Title order={1}>{t.account.mustChangeTitle}</Title>
      <Text>{t.account.mustChangeText}</Text>
      <ChangePasswordForm />
      <Stack component="section" aria-label={t.account.mustChangeEmergencyLabel} gap={0}>
        <Text fw={700}>{t.account.mustChangeEmergency}</Text>
        {emergency}
      </Stack>
      <Button variant="default" onClick={() => void signOut()}>
        {t.account.signOut}
      </Button>
    </Stack>
  );
}
