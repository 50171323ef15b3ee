import { expect, type Locator, type Page } from '@playwright/test';
import type { Bill, BillResident } from '../src/shared/contracts/billing';
import type { ListResponse } from '../src/shared/contracts/common';
import { signIn } from './helpers';

export const GV_BILLING = 'billing@greenvalley.test';
export const GV_SUPER_ADMIN = 'super-admin@greenvalley.test';

/** Signs in and opens /Billing from the menu (billing's home; super-admin reaches it from the menu). */
export async function openBilling(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page.getByRole('navigation').getByRole('link', { name: 'Billing', exact: true }).click();
  await expect(page).toHaveURL(/\/Billing$/);
  await expect(page.getByRole('heading', { name: 'Billing', exact: true })).toBeVisible();
}

/** Residents of the signed-in staff member's society whose name starts with `prefix` (staff API, the page's cookie). */
export async function residentsNamed(page: Page, prefix: string): Promise<BillResident[]> {
  const res = await page.request.get(`/api/bills/residents?name=${encodeURIComponent(prefix)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as ListResponse<BillResident>).items;
}

/** The society's bills of `period` (staff API). */
export async function billsOf(page: Page, period: string): Promise<Bill[]> {
  const res = await page.request.get(`/api/bills?period=${period}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as ListResponse<Bill>).items;
}

/** The 'Generate Bill' section, and Verify of a resident's full name (typed in lower case: the search ignores case). */
export async function verifyResident(page: Page, resident: BillResident): Promise<Locator> {
  const section = page.getByRole('region', { name: 'Generate Bill' });
  await section.getByLabel('Full name').fill(resident.name.toLowerCase());
  await section.getByRole('button', { name: 'Verify' }).click();
  await section.getByRole('button', { name: `Generate Bill for ${resident.name}`, exact: true }).click();
  // The resident's data (the details list under the table).
  await expect(section.getByRole('definition').filter({ hasText: resident.residentId })).toBeVisible();
  return section;
}
