import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { endNotHome, expectAllColumns, fileNotHome, isoDay, shownDate, signInSecurity, type FiledNotHome } from './helpers';

// Residents used here only (see e2e/security.spec.ts for 54, 55): GV0051–GV0053.
const GUARDED = '03000000051';
const CANCELS = '03000000052';
const ARRIVES = '03000000053';

const GUARD_MESSAGES = [
  'Please fill in the Guard Name field.',
  'Please fill in the Phone Number field.',
  'Please fill in the Email field.',
  'Invalid phone number. Please enter 11 digits.',
  'Invalid email address. Please enter a valid email.',
];

/** A request's row, told apart from the same resident's other requests by its dates. */
function requestRow(page: Page, request: FiledNotHome) {
  return page
    .getByRole('row')
    .filter({ hasText: request.resident.name })
    .filter({ hasText: shownDate(request.from) })
    .filter({ hasText: shownDate(request.to) });
}

async function bellCount(page: Page): Promise<number> {
  return Number((await page.getByRole('button', { name: 'New not-at-home requests' }).innerText()).replace(/\D/g, '') || '0');
}

test.describe('not at home', () => {
  test('a request arrives live with the bell; the guard form gives the spec messages in order, then Guard Assigned', async ({ page, request }) => {
    await signInSecurity(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Not at home' }).click();
    await expect(page).toHaveURL(/\/NotHome$/);
    await expectAllColumns(page, [
      'Action',
      'View',
      'Name',
      'Phone No',
      'From',
      'To',
      'Address',
      'Email Address',
      'Father Name',
      'Father Phone',
      'Family Member Name',
      'Family Member Phone',
      'Family Member 2 Name',
      'Family Member 2 Phone',
      'Guard',
    ]);
    const bell = page.getByRole('button', { name: 'New not-at-home requests' });
    await expect(bell).toBeVisible();
    // The badge counts active requests with no guard yet, as the server does.
    const unassigned = await page.request.get('/api/nothome?state=active&guard=unassigned');
    const before = ((await unassigned.json()) as { total: number }).total;
    await expect.poll(() => bellCount(page)).toBe(before);

    const filed = await fileNotHome(request, GUARDED, isoDay(20), isoDay(23));
    await expect(requestRow(page, filed)).toBeVisible();
    await expect.poll(() => bellCount(page)).toBe(before + 1);
    await bell.click();
    const persons = page.getByRole('dialog', { name: 'Not at Home Persons Details' });
    await expect(persons.getByText(filed.resident.name).first()).toBeVisible();
    await expect(persons.getByText('Days', { exact: true }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(persons).toBeHidden();

    await requestRow(page, filed).getByRole('button', { name: 'Action' }).click();
    const drawer = page.getByRole('dialog', { name: 'Not at Home Details' });
    await expect(drawer.getByLabel('Duration')).toHaveValue(`from ${shownDate(filed.from)} to ${shownDate(filed.to)}`);
    await expect(drawer.getByLabel('Duration')).toHaveAttribute('readonly', '');
    const proceed = drawer.getByRole('button', { name: 'Proceed' });
    const expectMessage = async (message: string) => {
      await proceed.click();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    };

    await expectMessage(GUARD_MESSAGES[0]!);
    await drawer.getByLabel('Guard Name').fill('Shahid Mehmood');
    await expectMessage(GUARD_MESSAGES[1]!);
    await drawer.getByLabel('Phone Number').fill('0300123');
    await expectMessage(GUARD_MESSAGES[2]!);
    await drawer.getByLabel('Email').fill('shahid-at-gate');
    await expectMessage(GUARD_MESSAGES[3]!);
    await drawer.getByLabel('Phone Number').fill('03001234567');
    await expectMessage(GUARD_MESSAGES[4]!);
    await drawer.getByLabel('Email').fill('shahid@guards.test');
    await proceed.click();
    await expect(page.getByText('Guard Assigned', { exact: true })).toBeVisible();
    await expect(drawer).toBeHidden();

    // The row shows the guard; the request is no longer "new" for the bell.
    await expect(requestRow(page, filed)).toContainText('Shahid Mehmood');
    await expect.poll(() => bellCount(page)).toBe(before);
    await requestRow(page, filed).getByRole('button', { name: 'View' }).click();
    const view = page.getByRole('dialog', { name: 'Not at Home Request' });
    await expect(view.getByText('Shahid Mehmood')).toBeVisible();
    await expect(view.getByText('shahid@guards.test')).toBeVisible();
    await expect(view.getByRole('button', { name: 'Proceed' })).toHaveCount(0);
  });

  test('requests the resident cancelled or reported arrived move to Cancelled and Arrived, read-only', async ({ page, request }) => {
    await signInSecurity(page);
    const cancelled = await fileNotHome(request, CANCELS, isoDay(30), isoDay(31));
    const arrived = await fileNotHome(request, ARRIVES, isoDay(0), isoDay(2));

    await page.getByRole('navigation').getByRole('link', { name: 'Not at home' }).click();
    await expect(requestRow(page, cancelled)).toBeVisible();
    await expect(requestRow(page, arrived)).toBeVisible();

    // Live: the active list drops them as the residents end them.
    await endNotHome(request, CANCELS, cancelled._id, 'cancel');
    await endNotHome(request, ARRIVES, arrived._id, 'arrived');
    await expect(requestRow(page, cancelled)).toHaveCount(0);
    await expect(requestRow(page, arrived)).toHaveCount(0);

    await page.getByRole('navigation').getByRole('link', { name: 'Cancelled' }).click();
    await expect(page).toHaveURL(/\/NotHomeCancelled$/);
    await expect(requestRow(page, cancelled)).toBeVisible();
    await expect(requestRow(page, arrived)).toHaveCount(0);
    await requestRow(page, cancelled).getByRole('button', { name: 'View' }).click();
    const view = page.getByRole('dialog', { name: 'Not at Home Request' });
    await expect(view.getByText('Cancelled', { exact: true }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();

    await page.getByRole('navigation').getByRole('link', { name: 'Arrived' }).click();
    await expect(page).toHaveURL(/\/NotHomeCompleted$/);
    await expect(requestRow(page, arrived)).toBeVisible();
    await expect(requestRow(page, cancelled)).toHaveCount(0);
    await requestRow(page, arrived).getByRole('button', { name: 'Action' }).click();
    const drawer = page.getByRole('dialog', { name: 'Not at Home Details' });
    await expect(drawer.getByLabel('Duration')).toHaveValue(`from ${shownDate(arrived.from)} to ${shownDate(arrived.to)}`);
    for (const label of ['Guard Name', 'Phone Number', 'Email']) await expect(drawer.getByLabel(label)).toHaveAttribute('readonly', '');
    await expect(drawer.getByRole('button', { name: 'Proceed' })).toHaveCount(0);
    await expect(drawer.getByText(/a guard can no longer be assigned/)).toBeVisible();
  });
});
