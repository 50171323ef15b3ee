/**
 * Tables fit the screen: at 1366×768 (a laptop) and 1024×768 (a guard-desk tablet), in the light
 * and the dark theme, the Action and Name columns of every table, the Guard column of /NotHome and
 * the Status, Time and Address columns of /Security lie inside the viewport without scrolling
 * sideways. (e2e/clipped-text.spec.ts checks that no text in them is cut.) Also: a
 * member's choice of columns is kept per member and screen, and long cells are cut with the full
 * text on hover.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './test';
import { demoStaffEmail } from '../src/server/seed/demo-accounts';
import { menuFor, type SubRole } from '../src/shared/subroles';
import { fileComplaint, logOut, openScreen, restoreSignIn, signIn } from './helpers';

/** Sub-roles whose menus together hold every route with a table (their Green Valley demo accounts). */
const WALKS: readonly SubRole[] = ['button-one', 'button-three', 'button-two', 'super-admin', 'cms-all', 'annoucements'];

/** Screens that are forms, with no table: /Billing, /NotificationPanel and /Residence (a search for one resident). */
const WITHOUT_TABLE = ['/Billing', '/NotificationPanel', '/Residence'];

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

/** A header to find in the table: the first (or `every`) `thead th` whose text matches `pattern`. */
interface HeaderProbe {
  label: string;
  pattern: RegExp;
  every?: boolean;
  /** The table must have it. */
  required?: boolean;
}

/** Where the probed headers lie, read in one call: each probe's matching cells, left and right edge in CSS px. */
async function headerEdges(table: Locator, probes: readonly HeaderProbe[]) {
  const plain = probes.map((p) => ({ ...p, pattern: { source: p.pattern.source, flags: p.pattern.flags } }));
  return table.evaluate((el, list) => {
    const cells = [...el.querySelectorAll('thead th')].map((th) => ({
      text: (th.textContent ?? '').replace(/\s+/g, ' ').trim(),
      box: th.getBoundingClientRect(),
    }));
    return {
      width: document.documentElement.clientWidth,
      found: list.map((p) => {
        const re = new RegExp(p.pattern.source, p.pattern.flags);
        const hits = cells.filter((c) => re.test(c.text));
        return { ...p, cells: (p.every ? hits : hits.slice(0, 1)).map((c) => ({ text: c.text, left: c.box.left, right: c.box.right })) };
      }),
    };
  }, plain);
}

/** Softly expects every probed header inside the viewport's width (and each required one present). */
async function expectHeadersInView(table: Locator, probes: readonly HeaderProbe[], where: string): Promise<void> {
  const { width, found } = await headerEdges(table, probes);
  for (const probe of found) {
    if (probe.required) expect.soft(probe.cells.length, `${where}: ${probe.label} is a column`).toBeGreaterThan(0);
    for (const cell of probe.cells) {
      const what = `${where}: ${probe.label} (${cell.text})`;
      expect.soft(cell.left, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(0);
      expect.soft(cell.right, `${what} ends inside the viewport (${width} px)`).toBeLessThanOrEqual(width);
    }
  }
}

/** The headers of a route's table that must be in view. */
function probesFor(path: string): HeaderProbe[] {
  return [
    { label: 'first column', pattern: /(?:)/, required: true },
    { label: 'action', pattern: /^(Action|View|Update|Delete|Verify|Manage)$/, every: true },
    { label: 'name column', pattern: /name|^Name|^Title$|^Brand$|^Type$/i },
    ...(STATE_COLUMNS[path] ?? []).map((title) => ({ label: title, pattern: new RegExp(`^${title}$`), required: true })),
  ];
}

/**
 * Each walk loads its screens once per viewport (the width-dependent defaults, such as the columns
 * shown on a wide screen, are those of that width) and checks each table in the light and then the
 * dark theme on the same page: the theme follows the system setting at once, with no reload.
 */
for (const viewport of VIEWPORTS) {
  for (const subRole of WALKS) {
    test(`${subRole}: every table's key columns are in view at ${viewport.width}×${viewport.height}, light and dark`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: 'light' });
      await restoreSignIn(page, demoStaffEmail(subRole, 'greenvalley.test'));
      const withoutTable: string[] = [];
      for (const route of menuFor(subRole)) {
        await openScreen(page, route.path);
        const table = page.getByRole('main').locator('table').first();
        if ((await table.count()) === 0) {
          withoutTable.push(route.path);
          continue;
        }
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
          await expectHeadersInView(table, probesFor(route.path), `${route.path} at ${viewport.width} px (${scheme})`);
        }
        await page.emulateMedia({ colorScheme: 'light' });
      }
      expect(withoutTable, 'screens of the walk without a table').toEqual(
        menuFor(subRole)
          .map((r) => r.path)
          .filter((path) => WITHOUT_TABLE.includes(path)),
      );
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
