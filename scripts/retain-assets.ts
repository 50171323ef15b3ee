/**
 * A release keeps serving the previous releases' hashed files for a while: a dashboard left open
 * over a deploy (a guard's screen runs for days) still asks for the chunks of the build it loaded,
 * and `vite build` empties dist/web (and dist/web/app) before writing the new one. So, before a
 * build writes anything, the hashed files of the build in place — `assets/**` and `app/assets/**`,
 * with their `.br`/`.gz` copies — are moved into a folder beside it, dist/web-retained (same
 * layout), which the server also serves, after dist/web (lib/web-static.ts), with the same
 * year-long immutable cache headers. Only hashed files move: index.html, the service worker and
 * the manifest always come from the current build.
 *
 * Each build that retires files is one release in `releases.json` (newest first, `retiredAt` epoch
 * ms, its files). A release is removed, files and all, once it was retired more than
 * {@link RETAIN_DAYS} days ago or is more than {@link RETAIN_RELEASES} releases back; a page still
 * asking for one of its files then gets a 404, and its error boundary says a new version is
 * available. Nothing here is measured by `check:bundle` (scripts/check-bundle.ts reads the stats of
 * the current build only, written from dist/web).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
// The server's rule for where the retained folder is (dist/web → dist/web-retained, outside what `vite build` empties).
import { retainedDirOf } from '../src/server/lib/web-static';

/** Retired files are kept at most this many days. */
export const RETAIN_DAYS = 14;
/** And at most this many releases back (a day of test builds does not fill the disk). */
export const RETAIN_RELEASES = 5;
/** The hashed folders of a build, relative to dist/web. */
export const HASHED_DIRS = ['assets', path.join('app', 'assets')] as const;

interface Release {
  retiredAt: number;
  /** Paths relative to the retained folder ('assets/x-Ab12.js', 'app/assets/y-Cd34.js.br'). */
  files: string[];
}

function filesUnder(dir: string, base: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    return d.isDirectory() ? filesUnder(full, base) : [path.relative(base, full)];
  });
}

function readReleases(file: string): Release[] {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { releases?: Release[] };
    return Array.isArray(parsed.releases) ? parsed.releases : [];
  } catch {
    return [];
  }
}

export interface RetainOptions {
  /** dist/web. */
  webDir: string;
  /**
   * The folders to retire (default {@link HASHED_DIRS}, both): the dashboard's build empties all of
   * dist/web, so it retires both; the resident app's, built after it, only `app/assets` (what is in
   * `assets` then is the dashboard's new build).
   */
  dirs?: readonly string[];
  /** Epoch ms of this build (tests pass their own). */
  now?: number;
  days?: number;
  releases?: number;
}

/**
 * Moves the hashed files of the build in `webDir` into its retained folder as one new release,
 * then prunes releases past the retention (see the file's header).
 * @returns what was moved and what was removed, paths relative to the retained folder
 */
export function retainPreviousAssets(opts: RetainOptions): { retired: string[]; pruned: string[] } {
  const { webDir, now = Date.now(), days = RETAIN_DAYS, releases: keep = RETAIN_RELEASES, dirs = HASHED_DIRS } = opts;
  const retainedDir = retainedDirOf(webDir);
  const manifest = path.join(retainedDir, 'releases.json');
  let releases = readReleases(manifest);

  const retired = dirs.flatMap((dir) => filesUnder(path.join(webDir, dir), webDir));
  if (retired.length) {
    for (const file of retired) {
      const to = path.join(retainedDir, file);
      mkdirSync(path.dirname(to), { recursive: true });
      renameSync(path.join(webDir, file), to);
    }
    // A file retired again (a build went back to it) belongs to the newest release only.
    const again = new Set(retired);
    releases = [{ retiredAt: now, files: retired }, ...releases.map((r) => ({ ...r, files: r.files.filter((f) => !again.has(f)) }))];
  }

  const oldest = now - days * 86_400_000;
  const pruned: string[] = [];
  releases = releases.filter((release, index) => {
    if (index < keep && release.retiredAt >= oldest) return true;
    for (const file of release.files) {
      rmSync(path.join(retainedDir, file), { force: true });
      pruned.push(file);
    }
    return false;
  });
  // A retained file no release names (left by a build that stopped halfway) goes too.
  const named = new Set(releases.flatMap((r) => r.files));
  for (const file of HASHED_DIRS.flatMap((dir) => filesUnder(path.join(retainedDir, dir), retainedDir))) {
    if (!named.has(file) && statSync(path.join(retainedDir, file)).isFile()) {
      rmSync(path.join(retainedDir, file), { force: true });
      pruned.push(file);
    }
  }
  if (existsSync(retainedDir) || releases.length) {
    mkdirSync(retainedDir, { recursive: true });
    writeFileSync(manifest, JSON.stringify({ releases }, null, 2) + '\n');
  }
  return { retired, pruned };
}
