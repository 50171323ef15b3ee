/**
 * How many security staff (button-one) of the society have a live connection now: set from the
 * alarm catch-up answer (`connectedSecurityStaff`) and from 'security-presence' events; shown on
 * the security screens. null until the first answer.
 */
import { useSyncExternalStore } from 'react';

let connected: number | null = null;
const listeners = new Set<() => void>();

export function setSecurityPresence(next: number | null): void {
  if (next === connected) return;
  connected = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSecurityPresence(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => connected,
    () => null,
  );
}
