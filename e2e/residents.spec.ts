import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { restoreSignIn } from './helpers';
import { registerResident, residentBearer, uniqueName, type RegisteredResident } from './residents-helpers';

/** Enters a Resident ID on /Residence and presses Verify. */
async function verify(page: Page, residentId: string) {
  await page.getByLabel('Resident ID').fill(residentId);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

/** The verified resident's card shows the spec's fields readable, and its JSON one click away. */
async function expectVerified(page: Page, r: RegisteredResident) {
  const card = page.getByRole('region', { name: 'Verified resident' });
  await expect(card.getByRole('heading', { name: r.name })).toBeVisible();
  for (const value of [r.residentID, r.phone, 'House 21, Street 5, Block D', '37', '03331112223']) {
    await expect(card.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(card.getByLabel('Resident JSON')).toHaveCount(0);
  await card.getByRole('button', { name: 'Show JSON' }).click();
  const json = JSON.parse(await card.getByLabel('Resident JSON').innerText()) as Record<string, unknown>;
  expect(json).toMatchObject({
    Name: r.name,
    ResidentID: r.residentID,
    Phone_Number: r.phone,
    Address: 'House 21, Street 5, Block D',
    Age: 37,
    Father_Phone_Number: '03331112223',
  });
  expect(Object.keys(json).sort()).toEqual(['Address', 'Age', 'Father_Name', 'Father_Phone_Number', 'Name', 'Phone_Number', 'ResidentID']);
}

/** Opens the drawer of the row naming `r` in `section`, chooses `choice`, confirms, and waits for the toast. */
async function changeStatus(page: Page, section: string, r: RegisteredResident, choice: 'Approve' | 'Block') {
  const row = page.getByRole('region', { name: section }).getByRole('row').filter({ hasText: r.residentID });
  await row.getByRole('button', { name: `Verify ${r.name}` }).click();
  const drawer = page.getByRole('dialog', { name: 'Resident status' });
  await expect(drawer.getByText(r.residentID, { exact: true })).toBeVisible();
  await drawer.getByRole('radio', { name: choice }).check();
  await drawer.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog', { name: 'Change status' });
  await expect(confirm.getByText(`Are you sure to change status to ${choice}`, { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(drawer.getByText(choice, { exact: true }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

test.describe('residents and status', () => {
  test('/Residence as residence@: verify shows the fields and the JSON; an unknown or foreign id is no match', async ({ page, request }) => {
    const r = await registerResident(request, uniqueName('Hina'));
    const lake = await registerResident(request, uniqueName('Omar'), 'Lake City');
    await restoreSignIn(page, 'residence@greenvalley.test');
    await expect(page).toHaveURL(/\/(Residence)?$/);
    await expect(page.getByRole('heading', { name: 'Residents', level: 2 })).toBeVisible();
    await verify(page, r.residentID);
    await expectVerified(page, r);
    for (const id of ['GV99999', lake.residentID]) {
      await verify(page, id);
      const result = page.getByRole('alert').filter({ hasText: 'Resident ID:' });
      await expect(result).toContainText('No matching document found.');
      await expect(result).toContainText(`Resident ID: ${id}`);
      await expect(page.getByText('No matching document found.').last()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Verified resident' })).toHaveCount(0);
    }
  });

  test('/Residence as super-admin@ through the menu', async ({ page, request }) => {
    const r = await registerResident(request, uniqueName('Sana'));
    await restoreSignIn(page, 'super-admin@greenvalley.test');
    await page.getByRole('navigation').getByRole('link', { name: 'Residents' }).click();
    await expect(page).toHaveURL(/\/Residence$/);
    await verify(page, `  ${r.residentID} `);
    await expectVerified(page, r);
  });

  test('/Status: a registration appears under pending, is approved with the confirm, files a complaint; blocked, the next call is refused', async ({
    page,
    request,
  }) => {
    const r = await registerResident(request, uniqueName('Bilal'));
    const headers = await residentBearer(request, r);
    const complain = () => request.post('/api/complain', { data: { complain: 'Street light out.' }, headers });
    expect((await complain()).status()).toBe(403);

    await restoreSignIn(page, 'status@greenvalley.test');
    await expect(page).toHaveURL(/\/(Status)?$/);
    const pending = page.getByRole('region', { name: 'Pending registrations' });
    await expect(pending.getByRole('row').filter({ hasText: r.residentID })).toBeVisible();
    // The registrations waiting come first, on screen at 768 px above a society's residents.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(pending.getByRole('row').filter({ hasText: r.residentID })).toBeInViewport();
    const [pendingBox, residentsBox] = await Promise.all([pending.boundingBox(), page.getByRole('region', { name: 'Residents' }).boundingBox()]);
    expect(pendingBox!.y).toBeLessThan(residentsBox!.y);
    await changeStatus(page, 'Pending registrations', r, 'Approve');
    await expect(pending.getByRole('row').filter({ hasText: r.residentID })).toHaveCount(0);
    expect((await complain()).status()).toBe(201);

    // Search by full name (a lower-case prefix), then block.
    const residents = page.getByRole('region', { name: 'Residents' });
    await residents.getByRole('textbox', { name: 'Search' }).fill(r.name.toLowerCase().slice(0, -2));
    await expect(page).toHaveURL(/q=/);
    await expect(residents.getByRole('row').filter({ hasText: r.residentID })).toBeVisible();
    await expect(residents.getByRole('row').filter({ hasText: 'Approved' }).filter({ hasText: r.residentID })).toBeVisible();
    await changeStatus(page, 'Residents', r, 'Block');
    await expect(residents.getByRole('row').filter({ hasText: r.residentID }).getByText('Blocked', { exact: true })).toBeVisible();
    expect((await complain()).status()).toBe(401);
    const relogin = await request.post('/api/resident/login', { data: { phone: r.phone, password: r.password } });
    expect(relogin.status()).toBe(403);
  });

  test('/Status as super-admin@: approve from the pending list, with the history shown', async ({ page, request }) => {
    const r = await registerResident(request, uniqueName('Ayesha'));
    await restoreSignIn(page, 'super-admin@greenvalley.test');
    await page.getByRole('navigation').getByRole('link', { name: 'Status' }).click();
    await expect(page).toHaveURL(/\/Status$/);
    const row = page.getByRole('region', { name: 'Pending registrations' }).getByRole('row').filter({ hasText: r.residentID });
    await row.getByRole('button', { name: `Verify ${r.name}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Resident status' });
    await expect(drawer.getByRole('region', { name: 'History' }).getByText('Register')).toBeVisible();
    // Cancel in the confirm changes nothing.
    await drawer.getByRole('radio', { name: 'Block' }).check();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Change status' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(drawer.getByText('Pending', { exact: true }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await changeStatus(page, 'Pending registrations', r, 'Approve');
    const headers = await residentBearer(request, r);
    expect((await request.post('/api/complain', { data: { complain: 'Gate bell broken.' }, headers })).status()).toBe(201);
  });
});
