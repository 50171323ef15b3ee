/**
 * Protected-route guard (spec section 2): no stored current user → /Login. The user is then
 * provided to everything below. Losing the user (Log Out, a 401, another tab signing out) closes
 * the live connection.
 */
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useStoredUser } from '../../lib/current-user';
import { disconnectSocket } from '../../lib/socket';
import { UserProvider } from '../../lib/user-context';

export function RequireUser() {
  const user = useStoredUser();

  useEffect(() => {
    if (!user) disconnectSocket();
  }, [user]);

  if (!user) return <Navigate to="/Login" replace />;
  return (
    <UserProvider user={user}>
      <Outlet />
    </UserProvider>
  );
}
