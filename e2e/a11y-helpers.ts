import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG rule sets the accessibility run checks (WCAG 2.0, 2.1 and 2.2, levels A and AA). */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Impacts that fail a test; 'moderate' and 'minor' ones are listed in docs/accessibility.md. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** One axe finding, flattened for a readable failure message. */
export interface A11yFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page (or only inside `scope`, a CSS selector such as '[role="dialog"]')
 * with the WCAG A/AA tags and returns every violation, whatever its impact.
 */
export async function a11yFindings(page: Page, scope?: string): Promise<A11yFinding[]> {
  // A drawer or toast still fading in blends its colours with the page: measure once its
  // transitions have ended (endless ones, a spinner or a pulsing badge, are not waited for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page }).withTags(A11Y_TAGS);
  if (scope) builder = builder.include(scope);
  const { violations } = await builder.analyze();
  return violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.map((n) => {
      // Contrast findings carry their colours and ratio: what a fix needs to know.
      const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      const colours = v.id === 'color-contrast' && data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
      return `${n.target.join(' ')}${colours} «${n.html.slice(0, 120)}»`;
    }),
  }));
}

/**
 * Fails (softly, so one run lists every screen's problems) when axe finds a 'serious' or
 * 'critical' violation; the message names the rule, its help text and the target selectors.
 * `where` names the screen or dialog in the message.
 */
export async function expectNoSeriousA11yViolations(page: Page, where: string, scope?: string): Promise<void> {
  const findings = await a11yFindings(page, scope);
  const serious = findings.filter((f) => FAILING_IMPACTS.has(f.impact));
  const report = serious.map((f) => `  [${f.impact}] ${f.rule}: ${f.help}\n    ${f.targets.slice(0, 5).join('\n    ')}`).join('\n');
  const moderate = findings.filter((f) => !FAILING_IMPACTS.has(f.impact));
  if (moderate.length > 0) console.log(`a11y ${where}: ${moderate.map((f) => `[${f.impact}] ${f.rule} (${f.targets.length})`).join(', ')}`);
  expect.soft(serious, `serious or critical accessibility violations on ${where}:\n${report}`).toEqual([]);
}
