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
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

const started = performance.now();
for (const name of SOURCES) rmSync(path.join(ROOT, 'dist', name), { recursive: true, force: true });
const entryPoints = SOURCES.flatMap((name) => tsFiles(path.join(ROOT, 'src', name)));
const result = await build({
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
if (result.errors.length > 0) process.exit(1);
console.log(`server compiled: ${entryPoints.length} files → dist/{${SOURCES.join(',')}} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
