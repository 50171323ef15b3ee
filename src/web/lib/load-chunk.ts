/**
 * Loads a lazy chunk (a screen, a socket listener, a dialog) and tries again when it fails to
 * arrive. The shell loads its listeners' chunks as it mounts: a connection that drops then (a
 * guard's Wi-Fi right after sign-in) made `import()` reject, and React.lazy keeps a rejected load
 * for good, so the error replaced the whole shell, alarm center included, even once the network
 * was back. The retry has to happen inside the load, before React sees a failure.
 *
 * While the browser is offline, the next try waits for its `online` event, however long that
 * takes. Online, a chunk that still fails (a deploy replaced the files, a server error) is tried
 * again after 1, 2, 4 and 8 s, and the fifth failure is thrown as before.
 */
import { lazy } from 'react';

const ONLINE_TRIES = 5;
const FIRST_WAIT_MS = 1_000;

/** Resolves once the browser says it is online (at once when it already is). */
function online(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `load()`, tried again as described above.
 * @param load calls `import()` anew on each try (the browser fetches a failed module again)
 * @throws the last failure, after {@link ONLINE_TRIES} failures while online
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  for (let failures = 0; ;) {
    try {
      return await load();
    } catch (err) {
      if (!navigator.onLine) {
        await online();
        continue;
      }
      failures++;
      if (failures >= ONLINE_TRIES) throw err;
      await sleep(FIRST_WAIT_MS * 2 ** (failures - 1));
    }
  }
}

/** React.lazy over {@link loadChunk}: a component in a chunk of its own, fetched again if it fails to arrive. */
export const lazyChunk: typeof lazy = (load) => lazy(() => loadChunk(load));
