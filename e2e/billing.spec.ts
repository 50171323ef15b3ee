import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { formatMonth } from '../src/shared/format/day-month';
import { writeFile } from 'node:fs/promises';
import { billSheet } from './fixtures/bill-sheets';
import { GV_BILLING, GV_SUPER_ADMIN, billsOf, openBilling, residentsNamed, verifyResident } from './billing-helpers';

/**
 * /Billing (spec sections 2, 5, 8, 9): a manual bill and a spreadsheet import with a
 * mismatch, as the billing sub-role and as super-admin. Each run bills periods of its own
 * (2035-01 and 2035-02, used by no other spec) on a fresh database.
 */
async function manualBill(page: Page, period: string, residentIndex: number) {
  const resident = (await residentsNamed(page, 'A'))[residentIndex];
  if (!resident) throw new Error('no resident named A…');
  const section = await verifyResident(page, resident);
  await expect(section.getByLabel('Rate per unit (PKR)')).toHaveValue('45');
  await section.getByLabel('Period (YYYY-MM)').fill(period);
  await section.getByLabel('Rate per unit (PKR)').fill('33.33');
  // More than 2 decimals is not cut silently: the field says so, and nothing is saved.
  await section.getByLabel('Units consumed').fill('123.457');
  await section.getByLabel('Units consumed').blur();
  await expect(section.getByText('Units have at most 2 decimal places.')).toBeVisible();
  await expect(section.getByTestId('bill-total')).toHaveText('Total: —');
  await section.getByLabel('Units consumed').fill('150');
  // The total appears when the field loses focus (exact: 33.33 × 150 = 4,999.50, written with two
  // decimals and separators).
  await expect(section.getByTestId('bill-total')).toHaveText('Total: —');
  await section.getByLabel('Units consumed').blur();
  await expect(section.getByTestId('bill-total')).toHaveText('Total: PKR 4,999.50');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/bills') && r.request().method() === 'POST');
  await section.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByText(`Bill saved. ${resident.name}, ${formatMonth(period)}: PKR 4,999.50`)).toBeVisible();
  // The form starts the next bill: no old total beside the emptied units.
  await expect(section.getByLabel('Units consumed')).toHaveValue('');
  await expect(section.getByTestId('bill-total')).toHaveText('Total: —');
  expect((await billsOf(page, period)).find((b) => b.residentId === resident.residentId)).toMatchObject({ total: 4999.5, units: 150, ratePerUnit: 33.33 });
}

async function importWithMismatch(page: Page, period: string, residentIndex: number) {
  const resident = (await residentsNamed(page, 'S'))[residentIndex];
  if (!resident) throw new Error('no resident named S…');
  const file = test.info().outputPath(`bills-${period}.xlsx`);
  await writeFile(
    file,
    billSheet([
      { Index: 1, Name: resident.name, Address: resident.address.toUpperCase(), Units: 112.5 },
      { Index: 2, Name: 'Nobody Here', Address: 'House 999, Street 99, Block Z', Units: 3 },
    ]),
  );
  const section = page.getByRole('region', { name: 'Spreadsheet import' });
  await section.locator('input[type="file"]').setInputFiles(file);
  await section.getByLabel('Period (YYYY-MM)').fill(period);

  // Hold the upload until the progress bar has shown (no sleep: the route waits for a condition).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/bills/import', async (route) => {
    await held;
    await route.continue();
  });
  await section.getByRole('button', { name: 'Fetch' }).click();
  await expect(section.getByText(/^Uploading… \d+%$/)).toBeVisible();
  await expect(section.getByRole('progressbar', { name: 'Upload progress' })).toBeAttached();
  release();
  await expect(section.getByRole('heading', { name: 'File Data (1)' })).toBeVisible();
  await page.unroute('**/api/bills/import');
  const fileData = section.getByRole('table', { name: 'File Data' });
  // Money in the preview as everywhere: the rate and the total with two decimals and separators.
  const matched = fileData.getByRole('row').filter({ hasText: resident.residentId });
  await expect(matched).toContainText('45.00');
  await expect(matched).toContainText('5,062.50');
  const misMatched = section.getByRole('table', { name: 'Mis-Matched Data' });
  await expect(misMatched.getByRole('row').filter({ hasText: 'Nobody Here' })).toContainText('No resident has this address.');

  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully Submit.')).toBeVisible();
  await expect(section.getByText(`1 bill created for ${formatMonth(period)}.`)).toBeVisible();
  expect((await billsOf(page, period)).find((b) => b.residentId === resident.residentId)).toMatchObject({ total: 5062.5, units: 112.5, ratePerUnit: 45 });
}

test.describe('billing', () => {
  test('billing staff: a manual bill and an .xlsx import with a mismatch', async ({ page }) => {
    await openBilling(page, GV_BILLING);
    await manualBill(page, '2035-01', 0);
    await importWithMismatch(page, '2035-01', 0);
  });

  test('super-admin: a manual bill and an .xlsx import with a mismatch', async ({ page }) => {
    await openBilling(page, GV_SUPER_ADMIN);
    await manualBill(page, '2035-02', 1);
    await importWithMismatch(page, '2035-02', 1);
  });

  test('a resident nobody has: the no-match toast', async ({ page }) => {
    await openBilling(page, GV_BILLING);
    const section = page.getByRole('region', { name: 'Generate Bill' });
    await section.getByLabel('Full name').fill('Zzz Nobody Of This Society');
    await section.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('No matching document found.')).toBeVisible();
  });
});
