/**
 * `npm run build:server` (part of `npm run build`): compiles the server to plain JavaScript that
 * `node dist/server/main.js` runs without a TypeScript compiler (ADR 0007).
 *
 * Every file of src/server and src/shared is transpiled on its own by esbuild (no bundling, no
 * type check: `npm run typecheck` does that), to the same place under dist/ (src/server/app.ts →
 * dist/server/app.js). Keeping the layout keeps every path the code resolves from its own file
 * true in both forms: `../../dist/web` from app, `../../../drizzle` from db/client, and the worker
 * entries that lib/ts-worker.ts finds beside their callers (`.js` beside `.js`). Imports already
 * name `.js` files; packages stay imports from node_modules.
 *
 * Removes dist/server and dist/shared first (dist/web is the web build's). Exits 1 on an error.
 * The compiled-start test (tests/api/compiled-start.test.ts) calls {@link buildServer} itself.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Source folders compiled (relative to src/), each to dist/<name>. */
const SOURCES = ['server', 'shared'];

/** Every .ts file under `dir` (absolute paths), declarations excluded. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * Compiles src/server and src/shared to dist/server and dist/shared (see the module comment).
 * @returns how many files were compiled and how long it took, in seconds
 * @throws when esbuild reports an error (its messages are printed first)
 */
export async function buildServer(): Promise<{ files: number; seconds: number }> {
  const started = performance.now();
  for (const name of SOURCES) rmSync(path.join(ROOT, 'dist', name), { recursive: true, force: true });
  const entryPoints = SOURCES.flatMap((name) => tsFiles(path.join(ROOT, 'src', name)));
  await build({
    absWorkingDir: ROOT,
    entryPoints,
    outbase: 'src',
    outdir: 'dist',
    bundle: false,
    platform: 'node',
    format: 'esm',
    // package.json's engines: Node 20.19+.
    target: 'node20.19',
    // Not read at run time unless Node runs with --enable-source-maps; there for debugging a stack.
    sourcemap: 'linked',
    tsconfig: 'tsconfig.json',
    logLevel: 'warning',
  });
  return { files: entryPoints.length, seconds: (performance.now() - started) / 1000 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { files, seconds } = await buildServer();
    console.log(`server compiled: ${files} files → dist/{${SOURCES.join(',')}} in ${seconds.toFixed(1)} s`);
  } catch {
    // esbuild has printed the errors.
    process.exit(1);
  }
}
