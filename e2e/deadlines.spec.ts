import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './a11y-helpers';
import { signInGrocery } from './grocery-helpers';
import { logOut, resetClock, residentAuth, restoreSignIn, shiftClock } from './helpers';

/**
 * Deadlines (the e2e server checks them every 500 ms, DEADLINE_CHECK_MS): a complaint left new
 * for 25 hours (the test clock shifted) gets its Overdue badge in the complaints list and
 * reaches super-admin's Overdue bell; an order left open for 73 hours is overdue on /Orders.
 * Residents of this spec: Green Valley 03000000041 and 03000000042.
 */
test.describe('deadlines', () => {
  test.afterEach(async () => {
    await resetClock();
  });

  test('an overdue complaint gets its badge and reaches super-admin’s bell', async ({ page, request }) => {
    // Two operator commands (clock shift and reset) and two sign-ins.
    test.setTimeout(60_000);
    const text = `Deadline test: lift stuck ${Date.now()}`;
    const res = await request.post('/api/complain', { data: { complain: text }, headers: await residentAuth(request, '03000000041') });
    expect(res.status()).toBe(201);
    const complaint = (await res.json()) as { _id: number; resident: { residentId: string } };
    await shiftClock(25);

    await restoreSignIn(page, 'complaints@greenvalley.test');
    await page.goto('/Complaints');
    const row = page.getByRole('row').filter({ hasText: text });
    await expect(row.getByText('Overdue', { exact: true })).toBeVisible();
    // Since when is in the badge's text for screen readers (not only a hover title), and in view
    // in the drawer, written like the app's other dates (DD/MM/YYYY, 12-hour time).
    const sinceRe = /since (\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M)$/;
    const badgeText = await row.getByText(/^Overdue since /).textContent();
    const since = sinceRe.exec(badgeText ?? '')?.[1];
    expect(since, badgeText ?? '').toBeDefined();
    await row.getByRole('button', { name: 'Action' }).click();
    const details = page.getByRole('dialog', { name: 'Complaints Details' });
    await expect(details.getByText(`since ${since}`, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('switch', { name: /Overdue first/ }).check();
    await expect(page.getByRole('table', { name: 'Overdue items' }).getByRole('row').filter({ hasText: text })).toBeVisible();

    await logOut(page);
    await restoreSignIn(page, 'super-admin@greenvalley.test');
    const bell = page.getByRole('button', { name: /^Overdue: [1-9]/ });
    await expect(bell).toBeVisible();
    await bell.click();
    const drawer = page.getByRole('dialog', { name: 'Overdue' });
    await expect(drawer.getByText(`Complaints #${complaint._id}`)).toBeVisible();
    await drawer.getByRole('link', { name: /Deadlines|overdue items/ }).click();
    await expect(page).toHaveURL(/\/Deadlines/);
    await page.getByRole('textbox', { name: 'Search' }).fill(complaint.resident.residentId);
    await expect(page.getByRole('row').filter({ hasText: `#${complaint._id}` })).toBeVisible();
  });

  test('an order open past the processing deadline is overdue on /Orders, and "Overdue first" lists it', async ({ page, request }) => {
    test.setTimeout(60_000);
    const list = `Deadline test: rice ${Date.now()}`;
    const filed = await request.post('/api/grocery', { data: { list }, headers: await residentAuth(request, '03000000042') });
    expect(filed.status()).toBe(201);
    const { _id } = (await filed.json()) as { _id: number };
    await signInGrocery(page);
    const placed = await page.request.post('/api/orders', {
      data: { requestId: _id, items: [{ itemName: 'Rice', quantity: 1, currency: 'Kilogram', price: 100 }] },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(placed.status()).toBe(201);
    await logOut(page);
    await shiftClock(73);

    await signInGrocery(page);
    await page.goto('/Orders');
    // Order rows name the customer, not the list: this spec's resident has no other order.
    const mine = { hasText: '03000000042' };
    await expect(page.getByRole('row').filter(mine).first().getByText('Overdue', { exact: true })).toBeVisible();
    await page.getByRole('switch', { name: /Overdue first/ }).check();
    await expect(page.getByRole('table', { name: 'Overdue items' }).getByRole('row').filter(mine).first()).toBeVisible();
  });

  test.describe('settings', () => {
    // The society's settings outlive the test: the doctor's first deadline goes back to 24 h.
    test.afterEach(async ({ page }) => {
      await page.goto('/Deadlines');
      const doctorFirst = page.getByLabel('Doctor: new → processing');
      await expect(doctorFirst).toHaveValue(/ h$/);
      if ((await doctorFirst.inputValue()) === '24 h') return;
      await doctorFirst.fill('24');
      await page.getByRole('button', { name: 'Save deadlines' }).click();
      await expect(page.getByText('Successfully updated!')).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Doctor: new → processing')).toHaveValue('24 h');
    });

    test('/Deadlines saves a desk’s hours and has no serious accessibility violation', async ({ page }) => {
      await restoreSignIn(page, 'super-admin@greenvalley.test');
      await page.goto('/Deadlines');
      const doctorFirst = page.getByLabel('Doctor: new → processing');
      await expect(doctorFirst).toHaveValue('24 h');
      await expectNoSeriousA11yViolations(page, '/Deadlines');
      await doctorFirst.fill('48');
      await page.getByRole('button', { name: 'Save deadlines' }).click();
      await expect(page.getByText('Successfully updated!')).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Doctor: new → processing')).toHaveValue('48 h');
    });
  });
});
