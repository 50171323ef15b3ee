/**
 * Telling a lazy chunk that could not load from any other failure, for both browser apps' error
 * boundaries (a chunk failure is cured by a reload: the server runs a newer release).
 */

/** The browsers' words for a dynamic import or a preloaded stylesheet that failed (Chromium, Firefox, Safari, Vite). */
const CHUNK_LOAD =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i;

/**
 * Whether `error` is a lazy chunk that could not be loaded (a release replaced the hashed file, or
 * the network lost it): the page's code is older than the server's, and a reload is the cure.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof Error && error.name === 'ChunkLoadError') return true;
  const message = error instanceof Error ? error.message : String(error);
  return CHUNK_LOAD.test(message);
}
