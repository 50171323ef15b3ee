/**
 * The second step of a two-factor sign-in: the 6-digit code of the authenticator app, or one of
 * the recovery codes (POST /api/society/login/2fa). A wrong code says so under the field; an
 * expired sign-in (5 minutes, or five wrong codes) goes back to the password step.
 */
import { Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ZLoginResponse, ZTwoFactorLogin, type CurrentUser, type TwoFactorLogin } from '../../../../shared/contracts/auth';
import { MSG } from '../../../../shared/messages';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { setSocietyTimeZone } from '../../../lib/time-zone';
import { notifyError } from '../../../lib/notify';
import { bindText, useFormErrors } from '../../../lib/use-form-errors';

export interface TwoFactorStepProps {
  challenge: string;
  onSignedIn: (user: CurrentUser) => void;
  /** Back to the password step (the challenge has expired, or the member chose to). */
  onRestart: () => void;
}

export default function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const [code, setCode] = useState('');
  const form = useFormErrors(ZTwoFactorLogin);
  const verify = useMutation({
    mutationFn: async (body: TwoFactorLogin) => {
      const answer = await api.post('/api/society/login/2fa', body, { schema: ZLoginResponse, endSessionOn401: false });
      setSocietyTimeZone(answer.timeZone); // before the shell renders a date
      return answer;
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check({ challenge, code });
    if (!body) return;
    verify.mutate(body, {
      onSuccess: (answer) => onSignedIn(answer.user),
      onError: (error) => {
        if (error instanceof ApiError && error.message === MSG.twoFactorChallengeGone) {
          notifyError(error.message, 'top-left');
          onRestart();
          return;
        }
        form.refused(error);
      },
    });
  };

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2}>Two-factor sign-in</Title>
          <Text>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Text>
          <TextInput label="Code" autoComplete="one-time-code" inputMode="text" autoFocus {...bindText(code, setCode)} error={form.errorOf('code')} />
          <Button type="submit" loading={verify.isPending}>
            Verify
          </Button>
          <Anchor component="button" type="button" onClick={onRestart} size="sm">
            Back to sign-in
          </Anchor>
        </Stack>
      </form>
    </Paper>
  );
}
