/**
 * Tables fit the screen: at 1366×768 (a laptop) and 1024×768 (a guard-desk tablet), in the light
 * and the dark theme, the Action and Name columns of every table, the Guard column of /NotHome and
 * the Status, Time and Address columns of /Security lie inside the viewport without scrolling
 * sideways. (e2e/clipped-text.spec.ts checks that no text in them is cut.) Also: a
 * member's choice of columns is kept per member and screen, and long cells are cut with the full
 * text on hover.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import { demoStaffEmail } from '../src/server/seed/demo-accounts';
import { menuFor, type SubRole } from '../src/shared/subroles';
import { fileComplaint, logOut, restoreSignIn, signIn } from './helpers';

/** Sub-roles whose menus together hold every route with a table (their Green Valley demo accounts). */
const WALKS: readonly SubRole[] = ['button-one', 'button-three', 'button-two', 'super-admin', 'cms-all', 'annoucements'];

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;

/** Headers that must be in view on a route, beyond the first column and the name. */
const STATE_COLUMNS: Record<string, string[]> = {
  '/NotHome': ['Guard'],
  '/NotHomeCancelled': ['Guard'],
  '/NotHomeCompleted': ['Guard'],
  // The address is where the guard goes: in view on the tablet too.
  '/Security': ['Status', 'Time', 'Address'],
  '/ProcessSec': ['Status', 'Time', 'Address'],
  '/CompletedSecurity': ['Status', 'Time', 'Address'],
  '/Complaints': ['Time'],
  '/Pending': ['Time'],
  '/Completed': ['Time'],
};

/** The header cell titled exactly `title` (or starting with it for names like 'Customer name'). */
function header(table: Locator, title: RegExp): Locator {
  return table.locator('thead th').filter({ hasText: title }).first();
}

async function expectInView(page: Page, cell: Locator, what: string): Promise<void> {
  await expect(cell, what).toBeAttached();
  const box = await cell.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect.soft(box, what).not.toBeNull();
  if (!box) return;
  expect.soft(box.x, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${what} ends inside the viewport (${width} px)`).toBeLessThanOrEqual(width);
}

for (const scheme of ['light', 'dark'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`every table's key columns are in view at ${viewport.width}×${viewport.height}, ${scheme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      let tables = 0;
      for (const subRole of WALKS) {
        await page.context().clearCookies();
        await restoreSignIn(page, demoStaffEmail(subRole, 'greenvalley.test'));
        for (const route of menuFor(subRole)) {
          await page.goto(route.path);
          // The screen's chunk and its first page of rows have loaded: widths are final.
          await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
          await page.waitForLoadState('networkidle');
          const table = page.locator('table').first();
          if ((await page.locator('table').count()) === 0) continue;
          await expect(table.locator('tbody tr').first()).toBeAttached();
          tables++;
          const where = `${route.path} at ${viewport.width} px (${scheme})`;
          await expectInView(page, table.locator('thead th').first(), `${where}: first column`);
          const actions = table.locator('thead th').filter({ hasText: /^(Action|View|Update|Delete|Verify|Manage)$/ });
          for (let i = 0; i < (await actions.count()); i++) await expectInView(page, actions.nth(i), `${where}: ${await actions.nth(i).innerText()}`);
          const name = header(table, /name|^Name|^Title$|^Brand$|^Type$/i);
          if ((await name.count()) > 0) await expectInView(page, name, `${where}: name column`);
          for (const title of STATE_COLUMNS[route.path] ?? []) await expectInView(page, header(table, new RegExp(`^${title}$`)), `${where}: ${title}`);
        }
      }
      expect(tables, 'screens with a table').toBeGreaterThan(15);
    });
  }
}

test("a member's columns are kept per member and screen, and survive Log Out", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'security@greenvalley.test');
  await page.getByRole('dialog', { name: 'Re-directing' }).getByRole('button', { name: 'Continue' }).click();
  await page.goto('/NotHome');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Guard' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Email Address' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Email Address' }).check();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Email Address' })).toBeVisible();
  await page.reload();
  await expect(table.getByRole('columnheader', { name: 'Email Address' })).toBeVisible();
  // The other not-at-home lists are the same screen; the security list is another.
  await page.goto('/NotHomeCompleted');
  await expect(table.getByRole('columnheader', { name: 'Email Address' })).toBeVisible();
  await page.goto('/Security');
  await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(page.getByRole('checkbox', { name: 'Address' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Email Address' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Another member on the same browser starts from the default.
  await logOut(page);
  await signIn(page, 'security@lakecity.test');
  await page.getByRole('dialog', { name: 'Re-directing' }).getByRole('button', { name: 'Continue' }).click();
  await page.goto('/NotHome');
  await expect(table.getByRole('columnheader', { name: 'Guard' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Email Address' })).toHaveCount(0);

  // The first member's choice outlived their Log Out.
  await logOut(page);
  await signIn(page, 'security@greenvalley.test');
  await page.getByRole('dialog', { name: 'Re-directing' }).getByRole('button', { name: 'Continue' }).click();
  await page.goto('/NotHome');
  await expect(table.getByRole('columnheader', { name: 'Email Address' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Reset columns' }).click();
  await expect(table.getByRole('columnheader', { name: 'Email Address' })).toHaveCount(0);
});

test('a long complaint is cut to one line, with the whole text on hover', async ({ page, request }) => {
  const text = `Water leaking from the ceiling of the upstairs bathroom into the kitchen since last night ${Date.now()}`;
  await fileComplaint(request, '03000000021', text);
  await signIn(page, 'complaints@greenvalley.test');
  await page.getByRole('textbox', { name: 'Search' }).fill(text.slice(-13));
  const cell = page.getByRole('cell', { name: text });
  await expect(cell).toBeVisible();
  await expect(cell).toHaveAttribute('title', text);
  const box = await cell.boundingBox();
  expect(box!.height, 'one line').toBeLessThan(50);
  expect(box!.width, 'at most 12rem and its padding').toBeLessThan(12 * 16 + 60);
  expect(await cell.evaluate((element) => element.scrollWidth > element.clientWidth), 'the text is cut').toBe(true);
});

test('icons say what they open: a pencil to act, an eye to view, each with a name and a tooltip; no one-option page-size selector', async ({
  page,
  request,
}) => {
  const text = `Broken street light near gate 2 ${Date.now()}`;
  await fileComplaint(request, '03000000021', text);
  await signIn(page, 'complaints@greenvalley.test');
  const action = page.getByRole('row').filter({ hasText: text }).getByRole('button', { name: 'Action' });
  await expect(action.locator('svg.tabler-icon-pencil')).toBeVisible();
  await action.hover();
  await expect(page.getByRole('tooltip', { name: 'Open details' })).toBeVisible();
  await expect(page.getByText('Records per page')).toHaveCount(0);

  // A completed complaint's drawer only shows it: the Action icon is an eye there.
  await page.goto('/Completed');
  const view = page.getByRole('table').locator('tbody tr').first().getByRole('button', { name: 'Action' });
  await expect(view.locator('svg.tabler-icon-eye')).toBeVisible();
  await view.hover();
  await expect(page.getByRole('tooltip', { name: 'View details' })).toBeVisible();
});
