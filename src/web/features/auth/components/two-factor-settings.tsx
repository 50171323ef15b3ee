/**
 * Two-factor sign-in in My account, and in place of every screen for a super-admin whose society
 * requires it (`required`). Off: "Turn on" shows the QR code and the secret for an authenticator
 * app, then a code confirms it and the ten recovery codes are shown once. On: turning it off asks
 * for the password, unless the society requires it.
 */
import { Alert, Button, Code, CopyButton, Group, Image, List, Loader, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ZTwoFactorConfirm, ZTwoFactorOff, type TwoFactorEnrolment } from '../../../../shared/contracts/auth';
import { errorMessage } from '../../../lib/api-error';
import { notifySuccess } from '../../../lib/notify';
import { bindText, useFormErrors } from '../../../lib/use-form-errors';
import { useConfirmTwoFactor, useEnrolTwoFactor, useReleaseHold, useTurnOffTwoFactor, useTwoFactorStatus } from '../api/own-account';

function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone?: () => void }) {
  return (
    <Stack>
      <Alert color="teal" title="Two-factor sign-in is on">
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" aria-label="Recovery codes">
        {codes.map((c) => (
          <Code key={c} fz="md">
            {c}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        {onDone ? <Button onClick={onDone}>Done</Button> : null}
      </Group>
    </Stack>
  );
}

/** `confirm` is the parent's: its answer (the recovery codes) outlives this form, which unmounts once two-factor is on. */
function Enrol({ enrolment, confirm }: { enrolment: TwoFactorEnrolment; confirm: ReturnType<typeof useConfirmTwoFactor> }) {
  const [code, setCode] = useState('');
  const form = useFormErrors(ZTwoFactorConfirm);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check({ code });
    if (body) confirm.mutate(body.code, { onError: form.refused });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text>
          Scan this code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or FreeOTP), then enter the 6-digit code it shows.
        </Text>
        <Image src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`} alt="QR code for your authenticator app" w={200} h={200} />
        <Text size="sm">
          Or type this key into the app: <Code aria-label="Secret key">{enrolment.secret}</Code>
        </Text>
        <TextInput label="Code from the app" autoComplete="one-time-code" {...bindText(code, setCode)} error={form.errorOf('code')} maw={240} />
        <Button type="submit" loading={confirm.isPending} w="fit-content">
          Confirm
        </Button>
      </Stack>
    </form>
  );
}

function TurnOff() {
  const [currentPassword, setCurrentPassword] = useState('');
  const form = useFormErrors(ZTwoFactorOff);
  const off = useTurnOffTwoFactor();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check({ currentPassword });
    if (body) off.mutate(body.currentPassword, { onSuccess: () => notifySuccess('Two-factor sign-in is off.'), onError: form.refused });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end">
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...bindText(currentPassword, setCurrentPassword)}
          error={form.errorOf('currentPassword')}
        />
        <Button type="submit" variant="light" color="red" loading={off.isPending}>
          Turn off
        </Button>
      </Group>
    </form>
  );
}

export default function TwoFactorSettings({ required = false, onDone }: { required?: boolean; onDone?: () => void }) {
  const status = useTwoFactorStatus();
  const enrol = useEnrolTwoFactor();
  const confirm = useConfirmTwoFactor();
  const release = useReleaseHold();

  // Held by the requirement: "Done" opens the screens (after the codes were seen).
  const done = required ? () => void release() : onDone;
  if (confirm.data) return <RecoveryCodesShown codes={confirm.data.recoveryCodes} onDone={done} />;
  if (status.isLoading) return <Loader size="sm" aria-label="Loading two-factor sign-in" />;
  if (status.error) return <Alert color="red">{errorMessage(status.error)}</Alert>;
  const on = status.data?.on ?? false;
  return (
    <Stack>
      <Title order={required ? 2 : 4}>Two-factor sign-in</Title>
      {required ? <Text>Your society requires two-factor sign-in for super-admins. Turn it on to continue.</Text> : null}
      {on ? (
        <>
          <Text>Two-factor sign-in is on: signing in asks for a code from your authenticator app.</Text>
          {status.data?.required ? <Text size="sm">Your society requires it, so it cannot be turned off.</Text> : <TurnOff />}
        </>
      ) : enrol.data ? (
        <Enrol enrolment={enrol.data} confirm={confirm} />
      ) : (
        <>
          <List size="sm">
            <List.Item>Signing in will also ask for a code from an app on your phone.</List.Item>
            <List.Item>Someone who learns your password still cannot sign in.</List.Item>
          </List>
          <Button onClick={() => enrol.mutate()} loading={enrol.isPending} w="fit-content">
            Turn on two-factor sign-in
          </Button>
          {enrol.error ? <Alert color="red">{errorMessage(enrol.error)}</Alert> : null}
        </>
      )}
    </Stack>
  );
}
