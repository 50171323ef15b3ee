/**
 * /Login. A signed-in user is sent to '/'. After a successful sign-in the user is stored and the
 * first navigation to '/' carries `signedIn` so the shell can show the 'Re-directing' modal.
 */
import { Center, Loader } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { Navigate } from 'react-router';
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
    <Center mih="100vh" p="md" bg="gray.0">
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
    </Center>
  );
}
