/**
 * POST /api/society/logout → 204, then the local session ends whatever the answer (spec section 2:
 * Log Out clears all local storage and goes to /Login). A failed call (server unreachable) still
 * signs the browser out; the server session then expires on its own.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';

export async function logout(): Promise<void> {
  try {
    await api.post('/api/society/logout', undefined, { endSessionOn401: false });
  } catch (error) {
    console.warn('Log out request failed; signing out locally', error);
  } finally {
    endSession();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
