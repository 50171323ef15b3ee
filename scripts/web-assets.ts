/**
 * The web build's asset step (issue 11, "A light web app"), a Vite plugin used by vite.config.ts:
 * after `vite build` it writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next
 * to every text file in dist/web (the server sends them with @fastify/static's `preCompressed`,
 * no compression per request), prints every chunk's size raw, gzip and Brotli, and records them in
 * dist/bundle-stats.json for `npm run check:bundle` (scripts/check-bundle.ts).
 *
 * Budgets (kB = 1,000 bytes, gzip): the entry chunk ≤ 150 kB (the shell, sign-in and the alarm
 * center: an alarm must never wait for a lazy chunk); every other script or style chunk ≤ 100 kB.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Entry chunk budget, gzip bytes. */
export const ENTRY_BUDGET_GZIP = 150_000;
/** Budget of every other script or style chunk, gzip bytes. */
export const CHUNK_BUDGET_GZIP = 100_000;

/** One file of the build, sizes in bytes. `entry`: the script chunk index.html loads first. */
export interface BundleFile {
  file: string;
  entry: boolean;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface BundleStats {
  files: BundleFile[];
}

/** Files worth compressing (text); images and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Chunks the budget applies to. */
const CHUNK = /\.(js|mjs|css)$/;

/** Where the stats of the last build are written: next to dist/web. */
export function statsPath(outDir: string): string {
  return path.join(outDir, '..', 'bundle-stats.json');
}

/** The budget problems of a build, one sentence each; empty when every chunk is within budget. */
export function budgetProblems(stats: BundleStats): string[] {
  const problems: string[] = [];
  if (!stats.files.some((f) => f.entry)) problems.push('no entry chunk in the build stats');
  for (const f of stats.files) {
    if (!CHUNK.test(f.file)) continue;
    const budget = f.entry ? ENTRY_BUDGET_GZIP : CHUNK_BUDGET_GZIP;
    if (f.gzip > budget) problems.push(`${f.file}${f.entry ? ' (entry)' : ''}: ${kB(f.gzip)} kB gzip, budget ${kB(budget)} kB`);
  }
  return problems;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(2);

/** A table of the chunks' sizes (the build prints it; so does check:bundle). */
export function sizeTable(stats: BundleStats): string {
  const rows = stats.files.filter((f) => CHUNK.test(f.file) || f.file.endsWith('.html')).sort((a, b) => b.gzip - a.gzip);
  const width = Math.max(24, ...rows.map((r) => r.file.length + (r.entry ? 8 : 0)));
  const head = `${'file'.padEnd(width)} ${'raw kB'.padStart(10)} ${'gzip kB'.padStart(10)} ${'brotli kB'.padStart(10)}`;
  const lines = rows.map((r) => `${(r.file + (r.entry ? ' (entry)' : '')).padEnd(width)} ${kB(r.raw).padStart(10)} ${kB(r.gzip).padStart(10)} ${kB(r.brotli).padStart(10)}`);
  return [head, ...lines].join('\n');
}

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    return d.isDirectory() ? walk(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

/** The Vite plugin (build only): compress, measure, print, record. */
export function webAssets(): Plugin {
  let outDir = '';
  const entries = new Set<string>();
  return {
    name: 'society-desk:web-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const out of Object.values(bundle)) if (out.type === 'chunk' && out.isEntry) entries.add(out.fileName);
    },
    closeBundle() {
      const files: BundleFile[] = [];
      for (const file of walk(outDir)) {
        if (!TEXT.test(file)) continue;
        const raw = readFileSync(path.join(outDir, file));
        const gz = gzipSync(raw, { level: 9 });
        const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        // A copy no smaller than the file is not worth a request's negotiation.
        if (gz.length < raw.length) writeFileSync(path.join(outDir, `${file}.gz`), gz);
        if (br.length < raw.length) writeFileSync(path.join(outDir, `${file}.br`), br);
        files.push({ file, entry: entries.has(file), raw: raw.length, gzip: gz.length, brotli: br.length });
      }
      const stats: BundleStats = { files };
      writeFileSync(statsPath(outDir), JSON.stringify(stats, null, 2) + '\n');
      const problems = budgetProblems(stats);
      console.log(`\nweb build: sizes (kB = 1,000 bytes), .br and .gz written beside each file\n${sizeTable(stats)}`);
      console.log(problems.length ? `over budget (npm run check:bundle fails):\n  ${problems.join('\n  ')}\n` : 'within budget\n');
    },
  };
}
