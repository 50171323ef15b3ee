/**
 * The resident's session in this browser: the bearer token the resident API gave at sign-in
 * (POST /api/resident/login) and who it belongs to, kept in localStorage so the installed app
 * stays signed in across launches. Why localStorage and what it risks: README "Resident app".
 * Sign-out revokes the token on the server (POST /api/resident/logout) and then clears it here.
 *
 * A tiny store with subscribe/getSnapshot for React's useSyncExternalStore: a 401 from any call
 * (token revoked, resident blocked) ends the session wherever it happens.
 */
import { RESIDENT_STORAGE_PREFIX } from '../../shared/constants';

// Under the resident app's own prefix, which the dashboard's Log Out leaves alone (same origin,
// one local storage); sign-out here removes these two keys and nothing of the dashboard's.
const TOKEN_KEY = `${RESIDENT_STORAGE_PREFIX}token`;
const WHO_KEY = `${RESIDENT_STORAGE_PREFIX}who`;

/** Who signed in (from the sign-in answer): shown before the profile loads. */
export interface SessionWho {
  residentId: string;
  name: string;
  societyName: string;
}

export interface Session {
  token: string;
  who: SessionWho;
}

const listeners = new Set<() => void>();
let current: Session | null = read();

function read(): Session | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const who = localStorage.getItem(WHO_KEY);
    if (!token || !who) return null;
    return { token, who: JSON.parse(who) as SessionWho };
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The current session, or null when signed out. */
export function getSession(): Session | null {
  return current;
}

/** Stores a new session (after sign-in). */
export function startSession(session: Session): void {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(WHO_KEY, JSON.stringify(session.who));
  current = session;
  emit();
}

/** Forgets the session here (the server's token is revoked by the sign-out call, not by this). */
export function endSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(WHO_KEY);
  if (current === null) return;
  current = null;
  emit();
}

/** useSyncExternalStore's subscribe. Also follows other tabs' sign-in and sign-out. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TOKEN_KEY && event.key !== WHO_KEY) return;
    current = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
