/**
 * /Login, under the product's name (a level-1 heading: a new user sees what they are signing in
 * to). A signed-in user is sent to '/'. After a successful sign-in the user is stored and the
 * first navigation to '/' carries `signedIn` so the shell can show the 'Re-directing' modal.
 */
import { Box, Center, Loader, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { Navigate } from 'react-router';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { LoginForm } from '../../features/auth';
import { storeCurrentUser, useStoredUser } from '../../lib/current-user';
import type { SignedInState } from '../layout/redirect-modal';

export function LoginRoute() {
  const user = useStoredUser();
  const [signedIn, setSignedIn] = useState(false);
  useDocumentTitle('Login · Society Desk');

  if (user) {
    const state: SignedInState | undefined = signedIn ? { signedIn: true } : undefined;
    return <Navigate to="/" replace state={state} />;
  }
  return (
    <Center mih="100vh" p="md" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      {/* The guard often signs in at night: the theme can be switched before sign-in too. */}
      <Box pos="absolute" top="var(--mantine-spacing-md)" right="var(--mantine-spacing-md)">
        <ColorSchemeToggle />
      </Box>
      <Stack align="center" gap="lg" w="100%" maw={420}>
        <Title order={1} c="teal" fw={800} ta="center">
          Society Desk
        </Title>
        <Suspense fallback={<Loader aria-label="Loading the sign-in form" />}>
          <LoginForm
            onSignedIn={(signedInUser) => {
              // Both updates land in one render: the redirect below then carries the flag.
              setSignedIn(true);
              storeCurrentUser(signedInUser);
              notifications.clean(); // an earlier failure toast no longer applies
            }}
          />
        </Suspense>
      </Stack>
    </Center>
  );
}
