/**
 * `npm run build` and the build step of every script that needs one (check:bundle, test:e2e,
 * test:e2e:cluster, cluster): builds the web apps (`npm run build:web`) and the server
 * (scripts/build-server.ts) unless the build already in dist/ was made from the same inputs.
 *
 * So a run that checks the bundle, then runs the browser tests, then the cluster test (what
 * `.ci/run` does) builds once, and a second `npm start` starts at once; an edit to any input
 * builds again. The inputs are every file under src/ and scripts/, the Vite configurations,
 * tsconfig.json and the package manifests (their paths and contents, SHA-256); the stamp of each
 * target is dist/.build-stamps/<target>.txt, written only after that target built.
 *
 * Usage: `tsx scripts/build.ts [web|server|all] [--force]` (default all). Exits 1 when a build fails.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer } from './build-server.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMPS = path.join(ROOT, 'dist/.build-stamps');

/** Folders and files whose contents make the build; anything else (tests, docs) does not. */
const INPUT_DIRS = ['src', 'scripts'];
const INPUT_FILES = ['vite.config.ts', 'vite.resident.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];

export type BuildTarget = 'web' | 'server';

/** What each target must leave behind: a stamp alone does not prove the build is still there. */
const OUTPUTS: Record<BuildTarget, string[]> = {
  web: ['dist/web/index.html', 'dist/web/app/index.html', 'dist/bundle-stats.json', 'dist/bundle-stats-resident.json'],
  server: ['dist/server/main.js', 'dist/shared/messages.js'],
};

/** Every input file (paths relative to the root, sorted so the digest does not depend on the file system's order). */
function inputFiles(): string[] {
  const files = INPUT_DIRS.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name))),
  );
  return [...files, ...INPUT_FILES.filter((f) => existsSync(path.join(ROOT, f)))].sort();
}

/** SHA-256 (hex) over every input's path and contents. */
export function inputDigest(): string {
  const hash = createHash('sha256');
  for (const file of inputFiles()) {
    hash.update(file).update('\0');
    hash.update(readFileSync(path.join(ROOT, file))).update('\0');
  }
  return hash.digest('hex');
}

/** True when `target` was last built from inputs with `digest` and its outputs are all there. */
export function isFresh(target: BuildTarget, digest: string): boolean {
  const stamp = path.join(STAMPS, `${target}.txt`);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === digest && OUTPUTS[target].every((f) => existsSync(path.join(ROOT, f)));
}

/** Builds one target now (the web build through npm, so its output is what `npm run build:web` prints). */
async function buildTarget(target: BuildTarget): Promise<void> {
  if (target === 'web') {
    execFileSync('npm', ['run', '--silent', 'build:web'], { cwd: ROOT, stdio: 'inherit' });
  } else {
    const { files, seconds } = await buildServer();
    console.log(`server: ${files} files compiled to dist/ in ${seconds.toFixed(1)} s`);
  }
}

async function main(argv: string[]): Promise<void> {
  const force = argv.includes('--force');
  const which = argv.find((a) => !a.startsWith('--')) ?? 'all';
  if (!['web', 'server', 'all'].includes(which)) throw new Error(`unknown build target "${which}" (web, server or all)`);
  const targets: BuildTarget[] = which === 'all' ? ['web', 'server'] : [which as BuildTarget];
  const digest = inputDigest();
  for (const target of targets) {
    if (!force && isFresh(target, digest)) {
      console.log(`${target}: dist/ was built from these sources already (${digest.slice(0, 12)}); not rebuilt`);
      continue;
    }
    await buildTarget(target);
    mkdirSync(STAMPS, { recursive: true });
    writeFileSync(path.join(STAMPS, `${target}.txt`), digest);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
