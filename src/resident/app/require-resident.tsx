/**
 * The signed-in guard: no session → /sign-in. A registration not yet approved ('Pending') sees the
 * waiting screen (every service route answers it 403); a blocked resident sees why (the server
 * answers 403 to everything of theirs). After a staff reset of the password, only the change form
 * shows until the resident has chosen their own (the profile's `mustChangePassword`).
 */
import { Outlet, Navigate } from 'react-router';
import { useProfile, useSession } from '../features/account/account-api';
import { BlockedScreen, WaitingScreen } from '../features/account/waiting-screen';
import { ChangePasswordScreen } from '../features/account/change-password-form';
import { ApiError } from '../lib/api';
import { Loading } from './loading';
import { ErrorNotice } from './error-notice';

export function RequireResident() {
  const session = useSession();
  const profile = useProfile();
  if (!session) return <Navigate to="/sign-in" replace />;
  if (profile.isPending) return <Loading />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 403) return <BlockedScreen message={profile.error.message} />;
    return <ErrorNotice error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  if (profile.data.status === 'Pending') return <WaitingScreen />;
  if (profile.data.mustChangePassword) return <ChangePasswordScreen />;
  return <Outlet />;
}
