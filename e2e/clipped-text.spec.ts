/**
 * No cut text on any screen: a new user's walk through every dashboard route at 1366×768 (a
 * laptop) and 1024×768 (a guard-desk tablet), and through every resident app screen on a 390 px
 * phone, looking for text the layout cuts (e2e/clipped-text.ts: ellipsized or hidden overflow,
 * Badge and Button labels, table cells, text sticking out of its box). On the same screens, the
 * two HTML CodeSniffer rules axe lacks (autocomplete tokens, `scope` on row-header tables).
 *
 * One sign-in per account; the viewport changes on the same page, with a reload so each screen's
 * width-dependent defaults (columns shown on a wide screen) are those of that width.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { demoStaffEmail } from '../src/server/seed/demo-accounts';
import { menuFor, ROUTES, type SubRole } from '../src/shared/subroles';
import { describeClipped, layoutFindings } from './clipped-text';
import { acknowledgeAllAlarms, expectLive, openScreen, PASSWORD, restoreSignIn } from './helpers';
import { approvedResident, fileResidentComplaint, PHONE_VIEWPORT, signInResident } from './resident-app-helpers';
import { residentBearer } from './residents-helpers';

const DESKTOPS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;

/** Sub-roles whose menus together hold every dashboard route (Green Valley's demo accounts). */
const WALKS: readonly SubRole[] = ['super-admin', 'button-three', 'button-two', 'cms-all', 'logo', 'annoucements', 'button-one'];

/** The resident app's screens behind sign-in (src/resident/app/routes.tsx), each with its level-2 heading. */
const RESIDENT_SCREENS = [
  '/app/',
  '/app/services',
  '/app/services/complaints',
  '/app/services/not-home',
  '/app/services/grocery',
  '/app/services/doctor',
  '/app/services/bills',
  '/app/society',
  '/app/society/feed',
  '/app/society/discounts',
  '/app/society/plots',
  '/app/society/announcements',
  '/app/society/video',
  '/app/notifications',
  '/app/profile',
];

/** Screens whose table must fit its box at 1024 px without scrolling sideways (every column is read on each row). */
const FITS_ITS_BOX = ['/Status', '/Security'];

/** How far the screen's first table sticks out of its scrolling box, in pixels (0 when it fits). */
async function tableOverflow(page: Page): Promise<number> {
  return page
    .getByRole('main')
    .locator('table')
    .first()
    .evaluate((table) => {
      const box = table.closest('.mantine-ScrollArea-viewport') ?? table.parentElement!;
      return Math.max(0, box.scrollWidth - box.clientWidth);
    });
}

/** Collects what `where` shows cut, softly, so one run lists every screen's findings. */
async function check(page: Page, where: string, all: string[]): Promise<void> {
  const { clipped, sniffer } = await layoutFindings(page);
  all.push(...describeClipped(where, clipped), ...sniffer.map((s) => `${where}: ${s}`));
}

/** A resident app screen's chunk, heading and first page of rows have arrived: its widths are final. */
async function screenLoaded(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(main.locator('.mantine-Loader-root')).toHaveCount(0);
  const table = main.locator('table').first();
  if ((await table.count()) > 0) await expect(table.locator('tbody tr').first()).toBeAttached();
}

// The security walk leaves its alarm ringing: acknowledge it, pass or fail, so no later test hears it.
test.afterEach(async ({ request }) => {
  await acknowledgeAllAlarms(request, demoStaffEmail('button-one', 'greenvalley.test'));
});

test('no dashboard screen cuts text at 1366×768 or 1024×768', async ({ page, playwright, baseURL }) => {
  test.setTimeout(240_000);
  const findings: string[] = [];
  const visited = new Set<string>();

  await page.setViewportSize(DESKTOPS[1]);
  await page.goto('/Login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  // A new user sees what they sign in to.
  await expect(page.getByRole('heading', { level: 1, name: 'Society Desk' })).toBeVisible();
  await check(page, '/Login at 1024', findings);

  const api = await playwright.request.newContext({ baseURL });
  for (const subRole of WALKS) {
    if (subRole === 'button-one') {
      // A ringing alarm, so the security desk is measured with a row (its widest badge, 'Not acknowledged').
      const sos = await approvedResident(playwright, baseURL, 'Shazia');
      expect((await api.post('/api/security', { data: {}, headers: await residentBearer(api, sos) })).status()).toBe(201);
    }
    await page.context().clearCookies();
    await page.setViewportSize(DESKTOPS[0]);
    await restoreSignIn(page, demoStaffEmail(subRole, 'greenvalley.test'));
    for (const viewport of DESKTOPS) {
      await page.setViewportSize(viewport);
      await page.reload();
      for (const route of menuFor(subRole)) {
        await openScreen(page, route.path);
        // The header's live badge has its final text ('Live', not 'Connecting…').
        await expectLive(page);
        await check(page, `${route.path} as ${subRole} at ${viewport.width}`, findings);
        if (FITS_ITS_BOX.includes(route.path)) {
          const overflow = await tableOverflow(page);
          if (overflow > 1) findings.push(`${route.path} at ${viewport.width}: the table is ${overflow} px wider than its box`);
        }
        visited.add(route.path);
      }
    }
  }
  await api.dispose();
  expect(
    ROUTES.map((r) => r.path).filter((p) => !visited.has(p)),
    'every dashboard route is walked',
  ).toEqual([]);
  expect(findings, `cut text or CodeSniffer findings:\n${findings.join('\n')}`).toEqual([]);
});

test('no resident app screen cuts text on a 390 px phone', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE_VIEWPORT);
  const findings: string[] = [];

  await page.goto('/app/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await check(page, 'sign-in', findings);
  await page.goto('/app/register');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await check(page, 'register', findings);

  // Complaints in each stage, with texts long enough to fill the card beside their badge.
  const r = await approvedResident(playwright, baseURL, 'Rukhsana');
  const long = (what: string) => `${what}: the water pipe under the stairs of the second floor leaks every morning ${Date.now()}`;
  const ids = [];
  for (const what of ['New', 'Processing', 'Completed']) ids.push(await fileResidentComplaint(page.request, r, long(what)));
  const desk = await playwright.request.newContext({ baseURL });
  expect((await desk.post('/api/society/login', { data: { email: 'complaints@greenvalley.test', password: PASSWORD } })).status()).toBe(200);
  for (const id of ids.slice(1)) expect((await desk.put(`/api/complain/${id}`, { data: { action: 'proceed' } })).status()).toBe(200);
  const done = await desk.put(`/api/complain/${ids[2]}`, { data: { action: 'submit', response: 'The plumber replaced the pipe.', confirmed: true } });
  expect(done.status()).toBe(200);
  await desk.dispose();

  await signInResident(page, r.phone, r.password);
  for (const path of RESIDENT_SCREENS) {
    await page.goto(path);
    await screenLoaded(page);
    if (path === '/app/services/complaints') await expect(page.locator('.mantine-Card-root').filter({ hasText: 'Completed:' })).toBeVisible();
    await check(page, path, findings);
  }
  expect(findings, `cut text or CodeSniffer findings:\n${findings.join('\n')}`).toEqual([]);
});
