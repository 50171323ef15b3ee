/**
 * Sign-in (spec section 2 "Login", messages sections 5 and 8). Field messages show as soon as a
 * field is left or the form is sent; any sign-in failure toasts 'Invalid email or password.
 * Please try again.' at top-left, except throttling (429) and a disabled account, which toast the
 * server's message, and a production server opened over plain http, whose message stays under
 * the form (./sign-in-refusal.ts).
 *
 * The fields are checked with the shared ZLoginRequest, loaded when the form shows (the initial
 * load carries no zod: ADR 0006), so each check resolves a moment later, in order.
 */
import { Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Suspense, useEffect, useState, type FormEvent } from 'react';
import type { CurrentUser } from '../../../../shared/contracts/auth';
import { ApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { loadAuthContract } from '../api/auth-contract';
import { useLogin } from '../api/login';
import { lazyChunk } from '../../../lib/load-chunk';
import { signInRefusal } from './sign-in-refusal';

type Field = 'email' | 'password';
type Errors = Partial<Record<Field, string>>;

/** The field's message, or undefined when it is valid. */
async function validate(field: Field, value: string): Promise<string | undefined> {
  const { ZLoginRequest } = await loadAuthContract();
  const result = ZLoginRequest.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The code step of a two-factor sign-in: its own chunk, loaded only by accounts that have it on. */
const TwoFactorStep = lazyChunk(() => import('./two-factor-step'));

export function LoginForm({ onSignedIn }: { onSignedIn: (user: CurrentUser) => void }) {
  const [challenge, setChallenge] = useState<string | null>(null);
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  /** A refusal that stays under the form (the dashboard opened over plain http in production). */
  const [notice, setNotice] = useState<string | null>(null);
  const loginMutation = useLogin();

  useEffect(() => {
    void loadAuthContract(); // fetch the checks while the user types
  }, []);

  const check = (field: Field, value: string) => {
    void validate(field, value).then((message) => setErrors((prev) => ({ ...prev, [field]: message })));
  };
  const change = (field: Field, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (touched[field]) check(field, value);
  };
  const blur = (field: Field) => {
    setTouched((prev) => ({ ...prev, [field]: true }));
    check(field, values[field]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, password: true });
    const next: Errors = { email: await validate('email', values.email), password: await validate('password', values.password) };
    setErrors(next);
    if (next.email || next.password) return;
    setNotice(null);
    loginMutation.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (answer) => ('challenge' in answer ? setChallenge(answer.challenge) : onSignedIn(answer.user)),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && (error.field === 'email' || error.field === 'password')) {
            setErrors((prev) => ({ ...prev, [error.field as Field]: error.message }));
            return;
          }
          const refusal = signInRefusal(error);
          if (refusal.show === 'inline') setNotice(refusal.message);
          else notifyError(refusal.message, 'top-left');
        },
      },
    );
  };

  if (challenge)
    return (
      <Suspense fallback={null}>
        <TwoFactorStep challenge={challenge} onSignedIn={onSignedIn} onRestart={() => setChallenge(null)} />
      </Suspense>
    );
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Title order={2}>Login to your account</Title>
          {/* A text field with the email keyboard: 'username' tells password managers it is the
              sign-in name, and HTML CodeSniffer (after HTML 5.2) allows that token on text fields only. */}
          <TextInput
            label="Email"
            type="text"
            inputMode="email"
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
          {notice && (
            <Text role="alert" c="red" size="sm">
              {notice}
            </Text>
          )}
          <Button type="submit" loading={loginMutation.isPending}>
            Login
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
