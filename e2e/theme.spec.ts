import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { acknowledgeAllAlarms, alarmToast, GV_SECURITY, openScreen, raiseSos, restoreSecurity, restoreSignIn } from './helpers';
import { GV_CMS, openForm } from './posts-helpers';

/**
 * The night theme: light and dark follow the system, the header's toggle keeps each member's
 * choice, and both schemes pass WCAG 2.2 AA contrast on the screens the guard desk lives on (the
 * LIVE badge, the NOT ACKNOWLEDGED mark, the dark alarm toast with its OWNER badge), the login
 * page and the phone preview of posts.
 */

declare global {
  interface Window {
    /** The open drawer's transform in each frame since a click (the reduced-motion test). */
    drawerTransforms?: string[];
  }
}

// Resident used here only: GV0047 (an owner, so the toast carries the OWNER badge).
const OWNER = '03000000047';

const html = (page: Page) => page.locator('html');
const expectScheme = (page: Page, scheme: 'light' | 'dark') => expect(html(page)).toHaveAttribute('data-mantine-color-scheme', scheme);
const toggle = (page: Page, to: 'light' | 'dark') => page.getByRole('button', { name: `Switch to ${to} theme` });

/**
 * Switches the scheme with the on-screen toggle and waits for it. The pointer then leaves the
 * toggle and its tooltip is waited away: a tooltip still fading in is half transparent, and axe
 * measured its text against that blend.
 */
async function switchTo(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await toggle(page, scheme).click();
  await expectScheme(page, scheme);
  await expect(toggle(page, scheme === 'dark' ? 'light' : 'dark')).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
}

/** axe's colour-contrast rule (WCAG 2.2 AA) on the whole page: no violations. */
async function expectReadable(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2aa', 'wcag21aa', 'wcag22aa']).withRules(['color-contrast']).analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`));
  expect(found, `contrast problems on ${what}`).toEqual([]);
}

test.describe('night theme', () => {
  test.use({ colorScheme: 'dark' });

  test('a dark system paints the login page dark from the first frame, before the app script runs', async ({ page }) => {
    // Without the app's script, only public/color-scheme.js can have set the scheme.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/Login');
    await expectScheme(page, 'dark');
    await page.unroute('**/assets/*.js');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectScheme(page, 'dark');
    await expectReadable(page, 'the login page, dark');
    await switchTo(page, 'light');
    await expectReadable(page, 'the login page, light');
  });

  test('the header toggle keeps the choice of each member: across a reload and Log Out, not for another member', async ({ page }) => {
    await restoreSignIn(page, 'complaints@greenvalley.test');
    await expectScheme(page, 'dark');
    await toggle(page, 'light').hover();
    await expect(page.getByRole('tooltip', { name: 'Switch to light theme' })).toBeVisible();
    await switchTo(page, 'light');

    // A reload paints light before the app starts: the member's choice, not the system's.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expectScheme(page, 'light');
    await page.unroute('**/assets/*.js');
    await page.reload();
    await expect(page.getByText(/^Hi .+, Dashboard!$/)).toBeVisible();
    await expectScheme(page, 'light');

    // Signed out, and another member on the same browser: the system's dark.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/Login$/);
    await expectScheme(page, 'dark');
    await restoreSignIn(page, 'billing@greenvalley.test');
    await expectScheme(page, 'dark');
    await expect(toggle(page, 'light')).toBeVisible();

    // The first member comes back to their own light.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/Login$/);
    await restoreSignIn(page, 'complaints@greenvalley.test');
    await expectScheme(page, 'light');
  });

  test.describe('contrast of the security desk and the alarm toast', () => {
    test.afterEach(async ({ playwright, baseURL }) => {
      const api = await playwright.request.newContext({ baseURL });
      await acknowledgeAllAlarms(api, GV_SECURITY);
      await api.dispose();
    });

    test('LIVE, NOT ACKNOWLEDGED and the dark toast with OWNER pass in dark and in light', async ({ page, request }) => {
      await restoreSecurity(page);
      await expectScheme(page, 'dark');
      const alarm = await raiseSos(request, OWNER, 'Theme check: someone at the gate');
      expect(alarm.resident.owner).toBe(true);
      const toast = alarmToast(page, alarm.resident);
      await expect(toast.getByText('Owner', { exact: true })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: alarm.resident.phoneNo });
      await expect(row.getByText('Not acknowledged', { exact: true })).toBeVisible();
      await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
      // The toast slides in: measure it once it stands still at full opacity.
      await expect.poll(() => toast.evaluate((el) => getComputedStyle(el.closest('[style*="opacity"]') ?? el).opacity)).toBe('1');
      await expectReadable(page, 'the security desk with an alarm, dark');

      await switchTo(page, 'light');
      await expect(toast).toBeVisible();
      await expectReadable(page, 'the security desk with an alarm, light');

      await toast.getByRole('button', { name: 'Close alarm' }).click();
      await expect(toast).toBeHidden();
    });
  });

  test("the billing import's file box (a placeholder shown as text) is readable in both schemes", async ({ page }) => {
    await restoreSignIn(page, 'billing@greenvalley.test');
    await page.goto('/Billing');
    await expect(page.getByText('Choose a file').first()).toBeVisible();
    await expectReadable(page, 'the billing screen, dark');
    await switchTo(page, 'light');
    await expectReadable(page, 'the billing screen, light');
  });

  test('the phone preview of a post is readable in both schemes', async ({ page }) => {
    await restoreSignIn(page, GV_CMS);
    await page.goto('/CMS');
    const form = await openForm(page, 'New feed post');
    await form.getByLabel('Description').fill('Theme check: the water tank is cleaned on Sunday.');
    const preview = page.getByRole('region', { name: 'Phone preview' });
    await expect(preview).toContainText('the water tank');
    await expectScheme(page, 'dark');
    await expectReadable(page, 'the feed post form, dark');
    await switchTo(page, 'light');
    await expectReadable(page, 'the feed post form, light');
  });

  test('a system that asks for less motion gets a drawer in place at once; any other sees it slide in', async ({ page }) => {
    await restoreSignIn(page, 'complaints@greenvalley.test');
    await openScreen(page, '/Complaints');
    const drawer = page.getByRole('dialog');
    for (const [reducedMotion, slides] of [
      ['no-preference', true],
      ['reduce', false],
    ] as const) {
      await page.emulateMedia({ reducedMotion });
      // Every frame from the click on, the drawer's transform (its slide from the right edge).
      await page.evaluate(() => {
        const seen: string[] = [];
        window.drawerTransforms = seen;
        const sample = () => {
          for (const dialog of document.querySelectorAll('[role="dialog"]')) seen.push(getComputedStyle(dialog).transform);
          if (seen.length < 40) requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });
      await page.getByRole('main').getByRole('row').nth(1).getByRole('button', { name: 'Action', exact: true }).click();
      await expect(drawer).toBeVisible();
      await expect.poll(() => page.evaluate(() => window.drawerTransforms?.length ?? 0)).toBeGreaterThanOrEqual(40);
      const positions = new Set(await page.evaluate(() => window.drawerTransforms ?? []));
      expect(positions.size > 1, `the drawer's positions with reducedMotion '${reducedMotion}': ${[...positions].join(' | ')}`).toBe(slides);
      await page.keyboard.press('Escape');
      await expect(drawer).toHaveCount(0);
    }
  });
});
