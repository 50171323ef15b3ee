/** The CI report's arithmetic (scripts/ci-report.ts): counts per runner, slowest files first, step shares. */
import { describe, expect, it } from 'vitest';
import { playwrightSummary, runnerTable, stepTable, vitestSummary } from '../../scripts/ci-report.js';

describe('CI report', () => {
  it('counts a Vitest report per file and per test, and lists the slowest file first', () => {
    const summary = vitestSummary('vitest', {
      testResults: [
        { name: 'tests/a.test.ts', startTime: 1_000, endTime: 3_500, assertionResults: [{ status: 'passed' }, { status: 'failed' }] },
        { name: 'tests/b.test.ts', startTime: 0, endTime: 9_000, assertionResults: [{ status: 'passed' }] },
        { name: 'tests/c.test.ts', startTime: 0, endTime: 10, assertionResults: [{ status: 'skipped' }, { status: 'pending' }] },
      ],
    });
    expect(summary).toMatchObject({ files: 2, skippedFiles: 1, tests: { passed: 2, failed: 1, skipped: 2 } });
    const lines = runnerTable(summary, 2).split('\n');
    expect(lines[0]).toBe('vitest: 2 files (1 skipped), 2 tests passed, 1 failed, 2 skipped');
    expect(lines.slice(1).map((l) => l.trim().split(/\s+/)[0])).toEqual(['tests/b.test.ts', 'tests/a.test.ts']);
    expect(lines[1]).toMatch(/9\.0 s$/);
  });

  it('sums a Playwright file over its nested suites and counts flaky as passed', () => {
    const summary = playwrightSummary('browser', {
      suites: [
        {
          file: 'a.spec.ts',
          specs: [{ tests: [{ status: 'expected', results: [{ duration: 1_000, status: 'passed' }] }] }],
          suites: [
            {
              specs: [
                {
                  tests: [
                    {
                      status: 'flaky',
                      results: [
                        { duration: 500, status: 'failed' },
                        { duration: 700, status: 'passed' },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
        { file: 'b.spec.ts', specs: [{ tests: [{ status: 'skipped', results: [] }] }] },
        { file: 'c.spec.ts', specs: [{ tests: [{ status: 'unexpected', results: [{ duration: 4_000, status: 'failed' }] }] }] },
      ],
    });
    expect(summary).toMatchObject({ files: 2, skippedFiles: 1, tests: { passed: 2, failed: 1, skipped: 1 } });
    expect(Object.fromEntries(summary.fileSeconds.map((f) => [f.file, f.seconds]))).toEqual({ 'a.spec.ts': 2.2, 'b.spec.ts': 0, 'c.spec.ts': 4 });
  });

  it('gives each step its share of the run and marks the failed one', () => {
    const table = stepTable(['npm ci\t30\tok', 'npm test\t90\tfailed', '']).split('\n');
    expect(table[1]).toMatch(/^npm ci\s+30 s\s+0:30\s+25\.0 %$/);
    expect(table[2]).toMatch(/^npm test\s+90 s\s+1:30\s+75\.0 %\s+failed$/);
    expect(table[3]).toMatch(/^total\s+120 s\s+2:00\s+100 %$/);
  });
});
