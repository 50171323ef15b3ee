/**
 * `npm run check:bundle`, the last step of `npm test`: builds the web app, prints the
 * size table, then fails (exit 1) when the initial load (the entry and the chunks it imports
 * statically) is over 150 kB of script as Brotli or 175 kB as gzip, or any other script or style
 * chunk over 100 kB gzip (budgets in scripts/web-assets.ts, ADR 0006). Reads dist/bundle-stats.json, which the build writes.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetProblems, sizeTable, statsPath, type BundleStats } from './web-assets.js';

// An optional argument names another build folder (default dist/web).
const outDir = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/web');
const file = statsPath(outDir);
if (!existsSync(file)) {
  console.error(`${file} is missing: run npm run build:web first`);
  process.exit(1);
}
const stats = JSON.parse(readFileSync(file, 'utf8')) as BundleStats;
console.log(sizeTable(stats));
const problems = budgetProblems(stats);
if (problems.length > 0) {
  console.error(`\nbundle budget exceeded:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('\nbundle within budget');
