/**
 * The signed-in staff member, kept in local storage (spec section 3 "Current user": name, Role,
 * SubRole, societyName, _id) so a reload keeps the menu and home screen. The cookie is the real
 * session; this copy only drives the UI and is dropped on any 401.
 *
 * Subscribers hear changes made in this tab and in other tabs (the `storage` event), so logging
 * out in one tab sends every tab to /Login.
 */
import { useSyncExternalStore } from 'react';
import type { CurrentUser } from '../../shared/contracts/auth';

/** Local storage key holding the JSON of the CurrentUser. */
export const CURRENT_USER_KEY = 'currentUser';

const listeners = new Set<() => void>();
let cache: { raw: string | null; user: CurrentUser | null } = { raw: null, user: null };

/** Every field of CurrentUser (all strings); the Record makes the compiler name a missing one. */
const USER_FIELDS: Record<keyof CurrentUser, true> = { _id: true, name: true, Role: true, SubRole: true, societyName: true };

/**
 * Whether a stored value is a CurrentUser. It was written by {@link storeCurrentUser} from a
 * validated answer, so a shape check suffices: this runs in the initial load, which carries no zod
 * (ADR 0006), and anything else reads as signed out.
 */
function isCurrentUser(value: unknown): value is CurrentUser {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.keys(USER_FIELDS).every((field) => typeof record[field] === 'string');
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CURRENT_USER_KEY);
  } catch {
    return null; // storage disabled: behave as signed out
  }
}

/** The stored user, or null when absent or malformed. Returns the same object until it changes. */
export function getCurrentUser(): CurrentUser | null {
  const raw = readRaw();
  if (raw === cache.raw) return cache.user;
  let user: CurrentUser | null = null;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      user = isCurrentUser(parsed) ? parsed : null;
    } catch {
      user = null;
    }
  }
  cache = { raw, user };
  return user;
}

export function notifyCurrentUserChanged(): void {
  for (const listener of listeners) listener();
}

export function storeCurrentUser(user: CurrentUser): void {
  window.localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(user));
  notifyCurrentUserChanged();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The stored user (re-renders on sign-in, sign-out and changes from other tabs). */
export function useStoredUser(): CurrentUser | null {
  return useSyncExternalStore(subscribe, getCurrentUser, () => null);
}
