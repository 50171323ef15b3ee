/**
 * Sign-in by phone and password (POST /api/resident/login); the server's messages on their fields.
 * Once signed in, back to the screen the visitor was sent here from (lib/return-to.ts), else home.
 * Opened by a registration whose own sign-in failed, it first says the new resident ID.
 * A temporary password from a staff reset signs in too; the change form then comes first
 * (RequireResident reads `mustChangePassword` from the profile).
 */
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { t } from '../../i18n/catalogue';
import { refusal } from '../../lib/field-error';
import { RefusableForm } from '../../lib/refusable-form';
import { registeredId, returnPath } from '../../lib/return-to';
import { signIn, useSession } from './account-api';

export function SignInScreen() {
  const session = useSession();
  const location = useLocation();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const mutation = useMutation({ mutationFn: () => signIn(phone, password) });
  const registered = registeredId(location.state);
  if (session) return <Navigate to={returnPath(location.state)} replace />;
  const refused = refusal(mutation.error, ['phone', 'password']);
  return (
    <Stack component="main" p="md" maw={28 * 16} mx="auto">
      <Title order={1}>{t.account.signInTitle}</Title>
      {registered && (
        <Alert color="teal" role="status">
          {t.account.registered(registered)} {t.account.signInNow}
        </Alert>
      )}
      <RefusableForm refused={refused} onSubmit={() => mutation.mutate()}>
        <TextInput
          label={t.account.phone}
          description={t.account.phoneHint}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          error={refused.of('phone')}
        />
        <PasswordInput
          label={t.account.password}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={refused.of('password')}
        />
        <Button type="submit" loading={mutation.isPending} size="md">
          {t.account.signIn}
        </Button>
        {/* No SMS or e-mail channel: a forgotten password is reset by staff on /Status. */}
        <Text size="sm">{t.account.forgotPassword}</Text>
        <Anchor component={Link} to="/register">
          {t.account.noAccount}
        </Anchor>
      </RefusableForm>
    </Stack>
  );
}
