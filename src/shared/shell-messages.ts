/**
 * The user-facing texts the dashboard's initial load shows: the signed-in guard, the offline
 * screen, the not-found and not-for-your-role pages, the error boundaries and the busy notice.
 * Kept apart from ./messages (which spreads them into `MSG`, so the server and every screen say
 * the same) because the initial load's budget (ADR 0006) has no room for every text of every
 * screen: a module in the initial load imports this one, never ./messages.
 */
export const SHELL_MSG = {
  offline: 'You are currently offline',
  notAvailable: 'This page is not available for your role.',
  /** A screen's error boundary (both apps): the screen threw, or its code failed to load for another reason. */
  screenFailed: 'This screen failed',
  /** A screen whose code could not be loaded after its retries: the server runs a newer release. */
  newVersion: 'A new version is available',
  reload: 'Reload',
  notSignedIn: 'Please sign in.',
  /** A staff session ended because the account was disabled, and a right password of a disabled account. */
  accountDisabled: "Your account has been disabled. Ask your society's super-admin.",
  notFound: 'Not found.',
  /** The dashboard's notice while refused reads are retried for more than a few seconds. */
  busyRetrying: 'The server is busy. Retrying…',
} as const;
