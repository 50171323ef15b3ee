/**
 * Where sign-in leads back to: a signed-out visitor who opened a screen of the app (a tap on a push
 * opens `/app/services/complaints/42` in a new window) is sent to /sign-in with that screen's path
 * in the navigation state (`{from}`), and comes back to it once signed in. Only a path of this app
 * is followed, never sign-in or registration themselves; anything else leads home.
 */

/** The navigation state /sign-in is opened with when it was sent there from `from` (path, query and hash, under /app). */
export function signInState(from: { pathname: string; search: string; hash: string }): { from: string } {
  return { from: `${from.pathname}${from.search}${from.hash}` };
}

/** The path to go to after signing in, from /sign-in's navigation state: the remembered screen, else home ('/'). */
export function returnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return '/';
  if (/^\/(sign-in|register)(?=$|[/?#])/.test(from)) return '/';
  return from;
}

/** The navigation state /sign-in is opened with after a registration whose sign-in failed: the new resident ID. */
export function registeredState(residentId: string): { registered: string } {
  return { registered: residentId };
}

/** The resident ID a registration just gave, from /sign-in's navigation state (undefined when it was not opened so). */
export function registeredId(state: unknown): string | undefined {
  const id = typeof state === 'object' && state !== null ? (state as { registered?: unknown }).registered : undefined;
  return typeof id === 'string' ? id : undefined;
}
