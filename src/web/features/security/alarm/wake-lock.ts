/**
 * Keeps the security desk's display awake (Screen Wake Lock) while a button-one member is signed
 * in, so a guard's screen never dims or locks between alarms. The browser drops the lock whenever
 * the tab is hidden, so it is asked for again each time the page becomes visible. Where the API is
 * missing (or refuses: battery saver, no secure context) nothing happens.
 */

/** The parts of navigator and document this uses (injected so tests use stubs). */
export interface WakeLockDeps {
  wakeLock: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } | undefined;
  doc: {
    readonly visibilityState: DocumentVisibilityState;
    addEventListener(type: 'visibilitychange', listener: () => void): void;
    removeEventListener(type: 'visibilitychange', listener: () => void): void;
  };
}

/** Holds the lock until the returned function is called (sign-out, unmount). */
export function keepScreenAwake({ wakeLock, doc }: WakeLockDeps): () => void {
  if (!wakeLock) return () => undefined;
  let done = false;
  let held: { release(): Promise<void> } | null = null;

  const acquire = () => {
    if (done || doc.visibilityState !== 'visible') return;
    wakeLock.request('screen').then(
      (sentinel) => {
        if (done) void sentinel.release().catch(() => undefined);
        else held = sentinel;
      },
      () => undefined,
    );
  };
  const onVisibility = () => acquire();
  doc.addEventListener('visibilitychange', onVisibility);
  acquire();
  return () => {
    done = true;
    doc.removeEventListener('visibilitychange', onVisibility);
    void held?.release().catch(() => undefined);
    held = null;
  };
}
