import type { Browser, Page } from '@playwright/test';
import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './a11y-helpers';
import { acknowledgeAllAlarms, alarmSound, GV_SECURITY, PASSWORD, resetClock, shiftClock, signIn, signInSecurity } from './helpers';

/**
 * SOS drills: a drill started from /Security rings on two security screens, marked DRILL, with
 * the siren playing; nobody answering escalates it to super-admin, still marked; acknowledging it
 * on one screen ends it, and its report lists each screen that rang with its time to ring.
 * Green Valley's button-one account signs in on two browser contexts (two screens).
 */
async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

const drillToast = (page: Page) => page.getByRole('alert').filter({ hasText: 'Drill resident' });

test.describe('SOS drills', () => {
  test.afterEach(async ({ playwright, baseURL }) => {
    await resetClock();
    // Acknowledging the drill's alarm ends the drill: none is left running for another spec.
    const api = await playwright.request.newContext({ baseURL });
    await acknowledgeAllAlarms(api, GV_SECURITY);
    await api.dispose();
  });

  test('a drill rings two security screens marked DRILL, escalates to super-admin, and its report shows both screens', async ({ browser }) => {
    // Three sign-ins and an operator command (the clock shift) take most of the default 30 s.
    test.setTimeout(60_000);
    const pageA = await newPage(browser);
    const pageB = await newPage(browser);
    const superAdmin = await newPage(browser);
    await signInSecurity(pageA);
    const nameB = await signInSecurity(pageB);
    await signIn(superAdmin, 'super-admin@greenvalley.test');
    const superName = (await superAdmin.getByText(/^Hi .+, Dashboard!$/).innerText()).replace(/^Hi (.+), Dashboard!$/, '$1');

    // Screen B has its drills list open before A starts: the list follows the drill by itself.
    await pageB.getByRole('button', { name: 'Drills' }).click();
    const listB = pageB.getByRole('dialog', { name: 'SOS drills' }).getByRole('table');
    await expect(listB).toBeVisible();
    await expect(listB.getByText('Running', { exact: true })).toHaveCount(0);

    await pageA.getByRole('button', { name: 'Drills' }).click();
    const panel = pageA.getByRole('dialog', { name: 'SOS drills' });
    await panel.getByRole('button', { name: 'Start drill' }).click();
    const rang = [pageA, pageB].map((p) => p.waitForResponse((r) => /\/api\/security\/drills\/\d+\/rang$/.test(r.url()) && r.status() === 204));
    await pageA.getByRole('dialog', { name: 'Start a drill?' }).getByRole('button', { name: 'Start drill' }).click();

    for (const page of [pageA, pageB]) {
      const toast = drillToast(page);
      await expect(toast).toBeVisible();
      await expect(toast.getByText('DRILL', { exact: true })).toBeVisible();
      await expect(toast.getByText('Drill: security alarm')).toBeVisible();
      await expect(alarmSound(page)).toHaveAttribute('data-state', 'playing');
    }
    // Each screen reported its siren playing (before anyone answers).
    await Promise.all(rang);
    await expect(listB.getByText('Running', { exact: true })).toHaveCount(1);

    // The report (opened by the start) fills in: two screens, each with its time to ring.
    const report = pageA.getByRole('dialog', { name: 'Drill report' });
    const screens = report.getByRole('table', { name: 'Screens' }).getByRole('row').filter({ hasText: / ms$/ });
    await expect(screens).toHaveCount(2, { timeout: 10_000 });

    // Nobody answers for an hour (the test clock): the escalation job re-raises it to super-admin.
    await shiftClock(1);
    const superRang = superAdmin.waitForResponse((r) => /\/api\/security\/drills\/\d+\/rang$/.test(r.url()) && r.status() === 204);
    const superToast = drillToast(superAdmin);
    await expect(superToast).toBeVisible({ timeout: 10_000 });
    await expect(superToast.getByText('DRILL', { exact: true })).toBeVisible();
    await expect(superToast.getByText('Escalated', { exact: true })).toBeVisible();
    // Super-admin's screen rang too, and is in the report as a third screen.
    await expect(alarmSound(superAdmin)).toHaveAttribute('data-state', 'playing');
    await superRang;

    // Acknowledged on screen B: every screen stops, and the drill ends.
    await drillToast(pageB).getByRole('button', { name: 'Close alarm' }).click();
    await expect(alarmSound(pageB)).toHaveAttribute('data-state', 'stopped');
    await expect(alarmSound(pageA)).toHaveAttribute('data-state', 'stopped', { timeout: 5_000 });
    // Ended: neither the status badge nor the Ended line says Running any more.
    await expect(report.getByText('Running', { exact: true })).toHaveCount(0, { timeout: 10_000 });
    await expect(report.getByText(new RegExp(`by ${nameB} after [\\d.]+ s$`))).toBeVisible();
    await expect(screens).toHaveCount(3);
    await expect(screens.filter({ hasText: superName })).toHaveCount(1);
    // Screen B's list, open all along, shows the drill (its newest row) ended too.
    await expect(listB.getByRole('row').nth(1)).toContainText('Ended');
    await expect(listB.getByText('Running', { exact: true })).toHaveCount(0);

    for (const p of [pageA, pageB, superAdmin]) await p.context().close();
  });

  test("super-admin starts a drill from /Reports, and the security report's alarm count leaves it out", async ({ page }) => {
    await signIn(page, 'super-admin@greenvalley.test');
    await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).click();
    await page.getByText('Security', { exact: true }).click();
    await page.getByText('Today', { exact: true }).click();
    const alarms = page
      .getByRole('region', { name: 'SOS alarms' })
      .getByRole('row')
      .filter({ hasText: /^Alarms\s*\d+$/ });
    await expect(alarms).toHaveCount(1);
    const before = (await alarms.textContent()) ?? '';

    await page.getByRole('button', { name: 'Start drill' }).click();
    const started = page.waitForResponse((r) => r.url().endsWith('/api/security/drills') && r.request().method() === 'POST');
    await page.getByRole('dialog', { name: 'Start a drill?' }).getByRole('button', { name: 'Start drill' }).click();
    expect((await started).status()).toBe(201);
    await expect(page.getByRole('dialog', { name: 'Drill report' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The drill's alarm is stored and listed (marked DRILL), yet the report counts only real alarms.
    await page.reload();
    await page.getByText('Security', { exact: true }).click();
    await page.getByText('Today', { exact: true }).click();
    await expect(alarms).toHaveText(before);
  });

  test('the drills list pages both ways, ten a page, newest first, and opens a drill’s report', async ({ page, playwright, baseURL }) => {
    // Eleven drills, each started and ended: more than one page of ten.
    const api = await playwright.request.newContext({ baseURL });
    expect((await api.post('/api/society/login', { data: { email: GV_SECURITY, password: PASSWORD } })).status()).toBe(200);
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) {
      const started = await api.post('/api/security/drills');
      expect(started.status()).toBe(201);
      const { _id } = (await started.json()) as { _id: number };
      expect((await api.post(`/api/security/drills/${_id}/end`)).status()).toBe(200);
      ids.push(_id);
    }
    await api.dispose();
    const newest = ids[10]!;
    const oldestOfMine = ids[0]!;

    await signInSecurity(page);
    await page.getByRole('button', { name: 'Drills' }).click();
    const panel = page.getByRole('dialog', { name: 'SOS drills' });
    const table = panel.getByRole('table', { name: 'Drills' });
    const row = (id: number) => table.locator(`tr[data-row-id="${id}"]`);
    await expect(panel.getByText(/^1–10 of \d+$/)).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(11); // the header and ten drills
    await expect(table.getByRole('row').nth(1)).toHaveAttribute('data-row-id', String(newest));
    await expect(row(oldestOfMine)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'the SOS drills panel', '[role="dialog"]');

    await panel.getByRole('button', { name: 'Next page' }).click();
    await expect(panel.getByText(/^11–\d+ of \d+$/)).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toHaveAttribute('data-row-id', String(oldestOfMine));
    await expect(row(newest)).toHaveCount(0);

    // One step back (not only a jump to the newest): page 1 again, the newest drill on top.
    await panel.getByRole('button', { name: 'Previous page' }).click();
    await expect(panel.getByText(/^1–10 of \d+$/)).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toHaveAttribute('data-row-id', String(newest));

    await row(newest).getByRole('button', { name: 'Action' }).click();
    const report = page.getByRole('dialog', { name: 'Drill report' });
    // The ended drill's report: its Ended line, and its status badge no longer Running.
    await expect(report.getByRole('term').filter({ hasText: /^Ended$/ })).toBeVisible();
    await expect(report.getByText('Running', { exact: true })).toHaveCount(0);
  });
});
