/**
 * Sign-in (spec section 2 "Login", messages sections 5 and 8). Field messages show as soon as a
 * field is left or the form is sent; any sign-in failure toasts 'Invalid email or password.
 * Please try again.' at top-left, except throttling (429), which shows the server's message.
 */
import { Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ZLoginRequest, type CurrentUser } from '../../../../shared/contracts/auth';
import { MSG } from '../../../../shared/messages';
import { ApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { useLogin } from '../api/login';

type Field = 'email' | 'password';
type Errors = Partial<Record<Field, string>>;

function validate(field: Field, value: string): string | undefined {
  const result = ZLoginRequest.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function LoginForm({ onSignedIn }: { onSignedIn: (user: CurrentUser) => void }) {
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const loginMutation = useLogin();

  const change = (field: Field, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (touched[field]) setErrors((prev) => ({ ...prev, [field]: validate(field, value) }));
  };
  const blur = (field: Field) => {
    setTouched((prev) => ({ ...prev, [field]: true }));
    setErrors((prev) => ({ ...prev, [field]: validate(field, values[field]) }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = { email: validate('email', values.email), password: validate('password', values.password) };
    setErrors(next);
    setTouched({ email: true, password: true });
    if (next.email || next.password) return;
    loginMutation.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: ({ user }) => onSignedIn(user),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && (error.field === 'email' || error.field === 'password')) {
            setErrors((prev) => ({ ...prev, [error.field as Field]: error.message }));
            return;
          }
          const message = error instanceof ApiError && error.status === 429 ? error.message : MSG.loginFailed;
          notifyError(message, 'top-left');
        },
      },
    );
  };

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2}>Login to your account</Title>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            value={values.email}
            error={errors.email}
            onChange={(event) => change('email', event.currentTarget.value)}
            onBlur={() => blur('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={values.password}
            error={errors.password}
            onChange={(event) => change('password', event.currentTarget.value)}
            onBlur={() => blur('password')}
            // The default name 'Toggle password visibility' would also match the label 'Password'.
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
          />
          <Button type="submit" loading={loginMutation.isPending}>
            Login
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
