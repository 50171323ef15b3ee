import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { demoStaffEmail } from '../src/server/seed/demo-accounts';
import { menuFor, REDIRECT_MODAL_SUB_ROLES, SUB_ROLE_TABLE, type SubRole } from '../src/shared/subroles';
import { expectNoSeriousA11yViolations } from './a11y-helpers';
import { acknowledgeAllAlarms, alarmToast, fileComplaint, openScreen, raiseSos, restoreSecurity, restoreSignIn, signIn } from './helpers';

/**
 * axe-core (WCAG 2.0–2.2 A and AA rules) on every screen of every sub-role's menu, on each
 * screen's first row drawer, its toolbar dialogs (the new-requests bell, 'Add …' forms and
 * drawers), My account and the alarm toast. A 'serious' or 'critical' violation fails; the
 * moderate ones left are listed in docs/accessibility.md.
 *
 * Sub-roles whose screens another sub-role's menu already covers (complian ⊂ button-one,
 * cms/plots/discounts ⊂ cms-all, the super-admin's modules) are checked on their home screen
 * only: their menu differs by its entries, not by its screens.
 */

/** The Lake City demo account of a sub-role. */
const emailOf = (subRole: SubRole) => demoStaffEmail(subRole, 'lakecity.test');

/** Sub-roles whose menus together hold every screen. */
const FULL_WALKS: SubRole[] = ['button-three', 'button-two', 'button-one', 'cms-all', 'super-admin', 'logo', 'annoucements'];
const covered = new Set(FULL_WALKS.flatMap((s) => SUB_ROLE_TABLE[s].menu));
const HOME_ONLY = (Object.keys(SUB_ROLE_TABLE) as SubRole[]).filter((s) => !FULL_WALKS.includes(s));

// Residents used here only: LC0045 (an SOS for the alarm toast), LC0046 (a complaint).
const LC_SOS = '03100000045';
const LC_COMPLAINT = '03100000046';

const dialog = (page: Page) => page.getByRole('dialog').last();

/**
 * Signs in from the sub-role's saved session; button-one signs in through the form instead, so the
 * 'Re-directing' modal that sign-in shows (the same one for button-one, -two and -three) is checked.
 */
async function signInAs(page: Page, subRole: SubRole): Promise<void> {
  if (subRole !== 'button-one') {
    await page.context().clearCookies();
    await restoreSignIn(page, emailOf(subRole));
    return;
  }
  await signIn(page, emailOf(subRole));
  expect(REDIRECT_MODAL_SUB_ROLES).toContain(subRole);
  const redirect = page.getByRole('dialog', { name: 'Re-directing' });
  await expect(redirect).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${subRole}: Re-directing modal`, '[role="dialog"]');
  await redirect.getByRole('button', { name: 'Continue' }).click();
  await expect(redirect).toBeHidden();
}

/** Checks the open dialog, then closes it with Escape. */
async function checkDialog(page: Page, where: string): Promise<void> {
  await expect(dialog(page)).toBeVisible();
  // The drawer's content has arrived (its detail call), not only its frame.
  await expect(dialog(page).getByText('Loading', { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, where, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The screen, its first row's drawers and its toolbar dialogs. */
async function checkScreen(page: Page, path: string): Promise<void> {
  // The screen is drawn with its lists (a first row or the empty text), so axe sees the real table.
  await openScreen(page, path);
  const main = page.getByRole('main');
  await expectNoSeriousA11yViolations(page, path);

  const firstRow = main.getByRole('row').nth(1);
  for (const name of ['Action', 'Update', 'View', 'Manage']) {
    const button = firstRow.getByRole('button', { name, exact: true });
    if ((await button.count()) === 0) continue;
    await button.click();
    await checkDialog(page, `${path}: ${name} drawer`);
  }
  const verify = firstRow.getByRole('button', { name: /^Verify / });
  if ((await verify.count()) > 0) {
    await verify.first().click();
    await checkDialog(page, `${path}: status drawer`);
  }
  const bell = main.getByRole('button', { name: /^New .* requests$|^New complaints$/ });
  if ((await bell.count()) > 0) {
    await bell.click();
    await checkDialog(page, `${path}: new-requests bell`);
  }
  const add = main.getByRole('button', { name: /^Add / });
  if ((await add.count()) > 0) {
    await add.first().click();
    if ((await page.getByRole('dialog').count()) > 0) await checkDialog(page, `${path}: ${await add.first().innerText()} drawer`);
    else await expectNoSeriousA11yViolations(page, `${path}: with its form open`);
  }
}

test.describe('accessibility (axe)', () => {
  test('the login page', async ({ page }) => {
    await page.goto('/Login');
    await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/Login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/Login with its messages');
    // An ordinary toast (the failed sign-in's, top left).
    await page.getByLabel('Email').fill('complaints@lakecity.test');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/Login with a toast');
  });

  for (const subRole of FULL_WALKS) {
    test(`${subRole}: every screen of the menu, its drawers and dialogs`, async ({ page }) => {
      test.setTimeout(150_000);
      await signInAs(page, subRole);
      for (const route of menuFor(subRole)) await checkScreen(page, route.path);
      await page.getByRole('button', { name: 'My account' }).click();
      await checkDialog(page, `${subRole}: My account`);
    });
  }

  test(`the other sub-roles' menus and home screens (${HOME_ONLY.join(', ')})`, async ({ page }) => {
    test.setTimeout(150_000);
    for (const subRole of HOME_ONLY) {
      for (const path of SUB_ROLE_TABLE[subRole].menu) expect(covered.has(path), `${path} is walked`).toBe(true);
      await signInAs(page, subRole);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `${subRole}: home`);
    }
  });

  test('the alarm toast', async ({ page, request, playwright, baseURL }) => {
    await restoreSecurity(page, emailOf('button-one'));
    const alarm = await raiseSos(request, LC_SOS, 'Someone is at the gate');
    const toast = alarmToast(page, alarm.resident);
    await expect(toast).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'alarm toast', '[role="alert"]');
    const api = await playwright.request.newContext({ baseURL });
    await acknowledgeAllAlarms(api, emailOf('button-one'));
    await api.dispose();
    await expect(toast.getByText(/^Acknowledged by /)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'acknowledged alarm toast', '[role="alert"]');
  });

  test('a complaint arriving live is announced politely', async ({ page, request }) => {
    await signInAs(page, 'complian');
    await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
    const region = page.getByTestId('live-announcer');
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region).toHaveText('');
    const filed = (await fileComplaint(request, LC_COMPLAINT, 'The lift on the 3rd floor is stuck')) as { _id: number; resident?: { name: string } };
    const name = filed.resident?.name;
    await expect(region).toHaveText(name ? `New complaint from ${name}` : /^New complaint from .+$/);
  });
});
