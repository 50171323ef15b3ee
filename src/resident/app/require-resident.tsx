/**
 * The signed-in guard: no session → /sign-in. A registration not yet approved ('Pending') sees the
 * waiting screen (every service route answers it 403); a blocked resident sees why (the server
 * answers 403 to everything of theirs). After a staff reset of the password, only the change form
 * shows until the resident has chosen their own (the profile's `mustChangePassword`), with the
 * numbers to call on the same screen (the server refuses the SOS press meanwhile). While the
 * profile loads, or when it fails, the SOS button is there (at home, the shell's own, which stays
 * when the profile arrives). A 403 from any other screen reads the profile again
 * (lib/query-client.ts), so a hold or a block the app did not know of leads here.
 *
 * A visitor who arrives signed out (a cold deep link, e.g. a push tapped) is sent to sign-in with the
 * screen they asked for, and comes back to it once signed in (lib/return-to.ts). A session that
 * ends while the app is open (Sign out, a revoked token) goes to sign-in without one: the next
 * sign-in, perhaps someone else's, starts at home.
 *
 * It also reads the society's emergency contacts (GET /api/resident/society) beside the profile, so
 * the offline screen has them once any signed-in screen has loaded.
 */
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { Outlet, Navigate, useLocation } from 'react-router';
import { useProfile, useSession, useSocietyContacts } from '../features/account/account-api';
import { BlockedScreen, WaitingScreen } from '../features/account/waiting-screen';
import { ChangePasswordScreen } from '../features/account/change-password-form';
import { SosScreen } from '../features/sos/sos-screen';
import { ApiError } from '../lib/api';
import { signInState } from '../lib/return-to';
import { EmergencyNumbers } from './emergency-numbers';
import { Loading } from './loading';
import { ErrorNotice } from './error-notice';

export function RequireResident() {
  const session = useSession();
  const profile = useProfile();
  // Keeps the society's emergency numbers fresh for the offline screen, on whichever screen opens first.
  useSocietyContacts();
  const location = useLocation();
  const [arrivedSignedOut] = useState(session === null);
  if (!session) return <Navigate to="/sign-in" replace state={arrivedSignedOut ? signInState(location) : undefined} />;
  // The SOS button does not wait for the profile, nor give way to its failure. At home the shell
  // itself shows while the profile loads (it does without it), so the SOS button there is the one
  // the loaded screen keeps: a hold begun before the profile arrives is not cut off.
  if (profile.isPending && location.pathname === '/') return <Outlet />;
  if (profile.isPending)
    return (
      <Stack component="main" maw={28 * 16} mx="auto">
        <Loading />
        <SosScreen />
      </Stack>
    );
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 403) return <BlockedScreen message={profile.error.message} />;
    return (
      <Stack component="main" maw={28 * 16} mx="auto">
        <ErrorNotice error={profile.error} onRetry={() => void profile.refetch()} />
        <SosScreen />
      </Stack>
    );
  }
  if (profile.data.status === 'Pending') return <WaitingScreen />;
  if (profile.data.mustChangePassword) return <ChangePasswordScreen emergency={<EmergencyNumbers />} />;
  return <Outlet />;
}
