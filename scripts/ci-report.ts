/**
 * The end of `.ci/run`: prints how long each step took and, for each test runner, how many files
 * and tests ran and its 10 slowest files, so a faster CI that runs fewer tests shows, and so does
 * the file that grew slow.
 *
 * Reads the report folder `.ci/run` fills (argument 1, default ci-report/):
 * - `steps.tsv`: one line per step, `name<TAB>seconds<TAB>ok|failed` (written by `.ci/run`);
 * - `vitest-<label>.json`: Vitest's JSON reporter (vitest.config.ts writes it when
 *   TEST_REPORT_DIR is set; label `pglite` or `postgres`);
 * - `playwright-<label>.json`: Playwright's JSON reporter (playwright.config.ts and the cluster
 *   configuration write it when TEST_REPORT_DIR is set; label `browser` or `cluster`).
 * A missing or unreadable report is named as missing; the script never fails the run itself.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** One runner's summary: counts, and each file's wall time in seconds. */
export interface RunnerSummary {
  runner: string;
  /** Files with at least one test that ran, and files whose every test was skipped. */
  files: number;
  skippedFiles: number;
  tests: { passed: number; failed: number; skipped: number };
  fileSeconds: { file: string; seconds: number }[];
}

/** What this script reads of Vitest's JSON report (Jest's format). */
interface VitestJson {
  testResults: { name: string; startTime: number; endTime: number; assertionResults: { status: string }[] }[];
}

/** What this script reads of Playwright's JSON report. */
interface PlaywrightSuite {
  file?: string;
  specs?: { tests: { results: { duration: number; status: string }[]; status: string }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightJson {
  suites: PlaywrightSuite[];
}

const relative = (file: string) => path.relative(process.cwd(), file) || file;

/** Counts and file times of a Vitest JSON report. A file's time is its start to its end (set-up included). */
export function vitestSummary(runner: string, report: VitestJson): RunnerSummary {
  const tests = { passed: 0, failed: 0, skipped: 0 };
  let files = 0;
  let skippedFiles = 0;
  const fileSeconds: RunnerSummary['fileSeconds'] = [];
  for (const file of report.testResults) {
    const statuses = file.assertionResults.map((a) => a.status);
    if (statuses.some((s) => s === 'passed' || s === 'failed')) files++;
    else skippedFiles++;
    for (const s of statuses) {
      if (s === 'passed') tests.passed++;
      else if (s === 'failed') tests.failed++;
      else tests.skipped++;
    }
    fileSeconds.push({ file: relative(file.name), seconds: Math.max(0, file.endTime - file.startTime) / 1000 });
  }
  return { runner, files, skippedFiles, tests, fileSeconds };
}

/** Counts and file times of a Playwright JSON report. A file's time is the sum of its tests' runs (a file runs on one worker). */
export function playwrightSummary(runner: string, report: PlaywrightJson): RunnerSummary {
  const tests = { passed: 0, failed: 0, skipped: 0 };
  const byFile = new Map<string, number>();
  const ran = new Set<string>();
  const walk = (suite: PlaywrightSuite, file: string) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        if (test.status === 'expected' || test.status === 'flaky') tests.passed++;
        else if (test.status === 'skipped') tests.skipped++;
        else tests.failed++;
        if (test.status !== 'skipped') ran.add(file);
        const ms = test.results.reduce((sum, r) => sum + r.duration, 0);
        byFile.set(file, (byFile.get(file) ?? 0) + ms);
      }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const top of report.suites) walk(top, top.file ?? 'unknown');
  const fileSeconds = [...byFile].map(([file, ms]) => ({ file, seconds: ms / 1000 }));
  return { runner, files: ran.size, skippedFiles: byFile.size - ran.size, tests, fileSeconds };
}

const minutes = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

/** The step table: each step's seconds, minutes and share of the whole run. */
export function stepTable(lines: string[]): string {
  const steps = lines
    .filter((l) => l.trim())
    .map((l) => {
      const [name = '', seconds = '0', result = ''] = l.split('\t');
      return { name, seconds: Number(seconds), result };
    });
  const total = steps.reduce((s, x) => s + x.seconds, 0);
  const width = Math.max(4, ...steps.map((s) => s.name.length));
  const row = (name: string, s: number, share: string, result: string) =>
    `${name.padEnd(width)}  ${String(Math.round(s)).padStart(6)} s  ${minutes(s).padStart(6)}  ${share.padStart(6)}  ${result}`.trimEnd();
  return [
    `${'step'.padEnd(width)}  ${'time'.padStart(8)}  ${'m:ss'.padStart(6)}  ${'share'.padStart(6)}`,
    ...steps.map((s) => row(s.name, s.seconds, total ? `${((100 * s.seconds) / total).toFixed(1)} %` : '-', s.result === 'ok' ? '' : s.result)),
    row('total', total, '100 %', ''),
  ].join('\n');
}

/** One runner's counts line and its slowest files. */
export function runnerTable(summary: RunnerSummary, top = 10): string {
  const { passed, failed, skipped } = summary.tests;
  const slowest = [...summary.fileSeconds].sort((a, b) => b.seconds - a.seconds).slice(0, top);
  const width = Math.max(4, ...slowest.map((f) => f.file.length));
  return [
    `${summary.runner}: ${summary.files} files (${summary.skippedFiles} skipped), ${passed} tests passed, ${failed} failed, ${skipped} skipped`,
    ...slowest.map((f) => `  ${f.file.padEnd(width)}  ${f.seconds.toFixed(1).padStart(7)} s`),
  ].join('\n');
}

const RUNNERS: { file: string; runner: string; kind: 'vitest' | 'playwright' }[] = [
  { file: 'vitest-pglite.json', runner: 'vitest, unit + API on PGlite (npm test)', kind: 'vitest' },
  { file: 'vitest-postgres.json', runner: 'vitest, API on PostgreSQL (npm run test:pg)', kind: 'vitest' },
  { file: 'playwright-browser.json', runner: 'playwright, browser (npm run test:e2e)', kind: 'playwright' },
  { file: 'playwright-cluster.json', runner: 'playwright, through nginx (npm run test:e2e:cluster)', kind: 'playwright' },
];

function main(dir: string): void {
  const stepsFile = path.join(dir, 'steps.tsv');
  console.log('\n=== CI steps ===');
  console.log(existsSync(stepsFile) ? stepTable(readFileSync(stepsFile, 'utf8').split('\n')) : `(no ${stepsFile})`);
  console.log("\n=== tests per runner, and each runner's 10 slowest files ===");
  const present = new Set(existsSync(dir) ? readdirSync(dir) : []);
  for (const { file, runner, kind } of RUNNERS) {
    if (!present.has(file)) {
      console.log(`${runner}: no report (the step did not run)`);
      continue;
    }
    try {
      const json: unknown = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      console.log(runnerTable(kind === 'vitest' ? vitestSummary(runner, json as VitestJson) : playwrightSummary(runner, json as PlaywrightJson)));
    } catch (err) {
      console.log(`${runner}: report ${file} unreadable (${err instanceof Error ? err.message : String(err)})`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv[2] ?? 'ci-report');
