/**
 * Whether every live listener of the shell (app/live-updates.tsx) has its chunk loaded and is
 * mounted. The header says 'Live' only when the socket is connected and nothing is still loading:
 * an event that arrives before its listener mounts is caught up as a refreshed list, but it rings
 * no bell and is not announced, so 'Live' would promise more than the screen does.
 *
 * Each listener's Suspense fallback is a {@link ListenerLoading}: it counts itself while shown.
 */
import { useLayoutEffect, useSyncExternalStore } from 'react';

let loading = 0;
const subscribers = new Set<() => void>();

function changed(next: number): void {
  loading = next;
  for (const subscriber of subscribers) subscriber();
}

function subscribe(subscriber: () => void): () => void {
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
}

/** The fallback of one listener's Suspense: counted from its mount (before paint) to its unmount. */
export function ListenerLoading(): null {
  useLayoutEffect(() => {
    changed(loading + 1);
    return () => changed(loading - 1);
  }, []);
  return null;
}

/** True while at least one live listener's chunk is still loading. */
export function useListenersLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loading > 0,
    () => false,
  );
}
