/**
 * `npm run check:bundle` (issue 11): builds the web app, then fails (exit 1) when the initial load
 * (the entry and the chunks it imports statically) is over 150 kB of script gzip, or any other
 * script or style chunk over 100 kB gzip (scripts/web-assets.ts). Reads dist/bundle-stats.json,
 * which the build writes. Not yet part of `npm test`: screens are split into route chunks, but the
 * initial load is still over budget.
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
