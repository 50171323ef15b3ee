/**
 * `npm run check:bundle`, the last step of `npm test`: builds the web apps, prints each one's size
 * table, then fails (exit 1) when a budget is exceeded (scripts/web-assets.ts, ADR 0006):
 * - the staff dashboard's initial load (the entry and the chunks it imports statically) over
 *   150 kB of script as Brotli or 175 kB as gzip;
 * - the resident app's (dist/web/app, ADR 0009) over 120 kB Brotli or 145 kB gzip;
 * - in either, any other script or style chunk over 100 kB gzip.
 * Reads dist/bundle-stats.json and dist/bundle-stats-resident.json, which the builds write.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetProblems, sizeTable, statsPath, type BundleStats, type WebApp } from './web-assets.js';

// An optional argument names another build folder (default dist/web).
const webDir = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/web');
let failed = false;
for (const app of ['dashboard', 'resident'] as const satisfies readonly WebApp[]) {
  const file = statsPath(webDir, app);
  if (!existsSync(file)) {
    console.error(`${file} is missing: run npm run build:web first`);
    process.exit(1);
  }
  const stats = JSON.parse(readFileSync(file, 'utf8')) as BundleStats;
  console.log(`\n${app}\n${sizeTable(stats)}`);
  const problems = budgetProblems(stats, app);
  if (problems.length > 0) {
    console.error(`\n${app}: bundle budget exceeded:\n  ${problems.join('\n  ')}`);
    failed = true;
  }
}
if (failed) process.exit(1);
console.log('\nbundles within budget');
