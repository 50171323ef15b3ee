/**
 * Loads a lazy chunk (a screen, a socket listener, a dialog) and tries again when it fails to
 * arrive. The shell loads its listeners' chunks as it mounts: a connection that drops then (a
 * guard's Wi-Fi right after sign-in) made `import()` reject, and React.lazy keeps a rejected load
 * for good, so the error replaced the whole shell, alarm center included, even once the network
 * was back. The retry has to happen inside the load, before React sees a failure.
 *
 * While the browser is offline, the next try waits for its `online` event, however long that
 * takes. Online, a chunk that still fails (a server error, a connection that lost it) is tried
 * again after 1, 2, 4 and 8 s, and the fifth failure is thrown as before — to the screen's error
 * boundary (components/error-boundaries.tsx), which offers a reload. A file the server answers 404
 * is not tried again: its release is gone (retention past, build.retain in scripts/web-assets.ts),
 * no wait brings it back, so the failure is thrown at once and the member is told a new version
 * is available.
 */
import { lazy } from 'react';

/** The waits before each new try while online (ms): 4 more tries, 15 s in all. */
export const RETRY_WAITS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000];

export interface LoadChunkOptions {
  /** The waits before each new try while online, in ms (default {@link RETRY_WAITS_MS}). */
  waitsMs?: readonly number[];
  /** Waits `ms` (default: a timer). */
  sleep?: (ms: number) => Promise<void>;
  /** The HTTP status the server gives the chunk's file now, or undefined when it cannot say (default: a HEAD request). */
  status?: (url: string) => Promise<number | undefined>;
}

/** Resolves once the browser says it is online (at once when it already is). */
function online(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function headStatus(url: string): Promise<number | undefined> {
  try {
    return (await fetch(url, { method: 'HEAD', cache: 'no-store' })).status;
  } catch {
    return undefined;
  }
}

/** The file a failed dynamic import names (Chromium and Firefox put its URL in the message). */
function failedUrl(err: unknown): string | undefined {
  const message = err instanceof Error ? err.message : '';
  return /https?:\/\/\S+\.(?:m?js|css)\b/.exec(message)?.[0];
}

/**
 * `load()`, tried again as described above.
 * @param load calls `import()` anew on each try (the browser fetches a failed module again)
 * @throws the last failure, after every wait of `opts.waitsMs` while online, or at once when the
 *   chunk's file answers 404
 */
export async function loadChunk<T>(load: () => Promise<T>, opts: LoadChunkOptions = {}): Promise<T> {
  const { waitsMs = RETRY_WAITS_MS, sleep = timer, status = headStatus } = opts;
  for (let failures = 0; ;) {
    try {
      return await load();
    } catch (err) {
      if (!navigator.onLine) {
        await online();
        continue;
      }
      if (failures >= waitsMs.length) throw err;
      const url = failedUrl(err);
      if (url && (await status(url)) === 404) throw err;
      await sleep(waitsMs[failures++]!);
    }
  }
}

/** React.lazy over {@link loadChunk}: a component in a chunk of its own, fetched again if it fails to arrive. */
export const lazyChunk: typeof lazy = (load) => lazy(() => loadChunk(load));
