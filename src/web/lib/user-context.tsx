/**
 * The signed-in user for everything inside the protected routes. The route guard provides it
 * only when a user is stored, so `useUser()` never returns null below the guard.
 */
import { createContext, use, type ReactNode } from 'react';
import type { CurrentUser } from '../../shared/contracts/auth';

const UserContext = createContext<CurrentUser | null>(null);

export function UserProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return <UserContext value={user}>{children}</UserContext>;
}

/** The signed-in user; throws if used outside the protected routes (a programming error). */
export function useUser(): CurrentUser {
  const user = use(UserContext);
  if (!user) throw new Error('useUser() used outside the protected routes');
  return user;
}
