/**
 * The resident app's item screens (`<list path>/:id`, what a tapped push or a notification record
 * opens), in a phone-sized Chromium: a record opens its item and is marked read; a deep link opened
 * signed out goes through sign-in and lands on the item; an item that is not the resident's says
 * so; an open complaint follows the desk live (the resident socket); and the staff dashboard's
 * Log Out and the resident app's sign-out, in one browser, leave each other's storage alone.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './a11y-helpers';
import { restoreSignIn } from './helpers';
import { approvedResident, fileResidentComplaint, PHONE_VIEWPORT, signInResident, sosButton, staffApi } from './resident-app-helpers';

test.use({ viewport: PHONE_VIEWPORT });

const COMPLAINTS = 'complaints@greenvalley.test';

/** The card of the open item screen holding `text`. */
const itemCard = (page: Page, text: string) => page.locator('.mantine-Card-root').filter({ hasText: text });

test.describe('resident item screens', () => {
  test('a notification record opens its item screen and is marked read; the back link leads to the list', async ({ page, playwright, baseURL }) => {
    const r = await approvedResident(playwright, baseURL, 'Hina');
    const text = `Water leaks by the gate ${Date.now()}`;
    const resident = await playwright.request.newContext({ baseURL });
    const id = await fileResidentComplaint(resident, r, text);
    await resident.dispose();
    // The desk takes it up: the resident gets an in-app record about this complaint.
    const desk = await staffApi(playwright, baseURL, COMPLAINTS);
    expect((await desk.put(`/api/complain/${id}`, { data: { action: 'proceed' } })).status()).toBe(200);
    await desk.dispose();

    await signInResident(page, r.phone, r.password);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Alerts/ })
      .click();
    const record = page.getByRole('article').filter({ hasText: 'Complaint has been registered' });
    const readBadge = record.getByText('Read', { exact: true });
    await expect(record).toBeVisible();
    await expect(readBadge).toHaveCount(0);
    await record.getByRole('link', { name: 'Open' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/services/complaints/${id}$`));
    await expect(page.getByRole('heading', { name: 'Complaint', level: 2 })).toBeVisible();
    await expect(itemCard(page, text)).toContainText('Processing');
    await expectNoSeriousA11yViolations(page, 'resident complaint item');

    await page.getByRole('link', { name: '← Complaints' }).click();
    await expect(page).toHaveURL(/\/app\/services\/complaints$/);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Alerts/ })
      .click();
    await expect(readBadge).toBeVisible();
  });

  test('a deep link opened signed out (a tapped push) goes to sign-in and then to the item', async ({ page, playwright, baseURL }) => {
    const r = await approvedResident(playwright, baseURL, 'Iqra');
    const text = `Broken swing in the park ${Date.now()}`;
    const resident = await playwright.request.newContext({ baseURL });
    const id = await fileResidentComplaint(resident, r, text);
    await resident.dispose();

    await page.goto(`/app/services/complaints/${id}`);
    await expect(page).toHaveURL(/\/app\/sign-in$/);
    await page.getByLabel('Phone').fill(r.phone);
    await page.getByLabel('Password', { exact: true }).fill(r.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/services/complaints/${id}$`));
    await expect(itemCard(page, text)).toContainText('New');
    await expect(sosButton(page)).toHaveCount(0);
  });

  test("an item that is not the resident's, or does not exist, says it is not available", async ({ page, playwright, baseURL }) => {
    const owner = await approvedResident(playwright, baseURL, 'Kiran');
    const other = await approvedResident(playwright, baseURL, 'Laila');
    const resident = await playwright.request.newContext({ baseURL });
    const theirs = await fileResidentComplaint(resident, owner, `Not yours ${Date.now()}`);
    await resident.dispose();

    await signInResident(page, other.phone, other.password);
    for (const path of [`/app/services/complaints/${theirs}`, '/app/society/plots/2147483647', '/app/alarms/not-an-id']) {
      await page.goto(path);
      await expect(page.getByText('This item is not available'), path).toBeVisible();
      await expect(page.getByRole('alert'), path).toHaveCount(0);
    }
  });

  test("an open complaint's screen follows the desk live: processing, then completed with the response", async ({ page, playwright, baseURL }) => {
    const r = await approvedResident(playwright, baseURL, 'Mehwish');
    const text = `No water since morning ${Date.now()}`;
    const resident = await playwright.request.newContext({ baseURL });
    const id = await fileResidentComplaint(resident, r, text);
    await resident.dispose();

    await signInResident(page, r.phone, r.password);
    await page.goto(`/app/services/complaints/${id}`);
    const card = itemCard(page, text);
    await expect(card).toContainText('New');
    // The screen is not reloaded and polls nothing: only the resident socket brings each change.
    const desk = await staffApi(playwright, baseURL, COMPLAINTS);
    expect((await desk.put(`/api/complain/${id}`, { data: { action: 'proceed' } })).status()).toBe(200);
    await expect(card).toContainText('Processing');
    const done = await desk.put(`/api/complain/${id}`, { data: { action: 'submit', response: 'The tank valve was opened.', confirmed: true } });
    expect(done.status()).toBe(200);
    await desk.dispose();
    await expect(card).toContainText('Completed');
    await expect(card).toContainText('The tank valve was opened.');
  });

  test("the dashboard's Log Out and the resident app's sign-out, in one browser, leave each other signed in", async ({ page, playwright, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 800 }); // the dashboard's desk screen
    const r = await approvedResident(playwright, baseURL, 'Nimra');
    await signInResident(page, r.phone, r.password);
    await restoreSignIn(page, COMPLAINTS);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/Login$/);
    // The resident is still signed in at /app.
    expect(await page.evaluate(() => localStorage.getItem('sd.resident.token'))).not.toBeNull();
    await page.goto('/app/');
    await expect(sosButton(page)).toBeVisible();

    // The other way round: the staff member signs in again; the resident signs out at /app.
    await restoreSignIn(page, COMPLAINTS);
    const dashboardKeys = () =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => !key.startsWith('sd.resident.'))
          .sort(),
      );
    // The desk's table stores its four column preferences once it has mounted (mantine-datatable,
    // in effects after the list's chunk loads): the snapshot waits for them, or they land after it.
    await expect
      .poll(async () => (await dashboardKeys()).filter((key) => /:columns:complaints-columns-(order|pinning|toggle|width)$/.test(key)).length)
      .toBe(4);
    const staffKeys = await dashboardKeys();
    expect(staffKeys.length).toBeGreaterThan(0);
    await page.goto('/app/profile');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/app\/sign-in$/);
    expect(await page.evaluate(() => localStorage.getItem('sd.resident.token'))).toBeNull();
    expect(await dashboardKeys()).toEqual(staffKeys);
    await page.goto('/Complaints');
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  });
});
