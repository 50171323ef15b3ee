import { expect, test } from './test';
import { PASSWORD, expectLive, signIn } from './helpers';

test.describe('sign-in and the sub-role shell', () => {
  test('shows the spec messages and the failure toast on the login page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/Login$/);
    await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Provide a valid email address')).toBeVisible();
    await page.getByLabel('Email').fill('complaints@greenvalley.test');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/Login$/);
  });

  test('refuses a Guard account', async ({ page }) => {
    await page.goto('/Login');
    await page.getByLabel('Email').fill('guard@greenvalley.test');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  });

  test('complaints staff: greeting, clock, menu and the new complaints', async ({ page }) => {
    await signIn(page, 'complaints@greenvalley.test');
    const nav = page.getByRole('navigation');
    for (const label of ['Complaints', 'Processing', 'Completed']) await expect(nav.getByRole('link', { name: label })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Security' })).toHaveCount(0);
    // The clock shows the first 24 characters of Date.toString(), e.g. "Sat Nov 21 2026 12:59:03".
    await expect(page.getByText(/^\w{3} \w{3} \d{2} \d{4} \d{2}:\d{2}:\d{2}$/)).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    const user = await page.evaluate(() => Object.values(localStorage).join(' '));
    expect(user).toContain('complian');
  });

  test('button-one sees the Re-directing modal, the security menu with complaint pages', async ({ page }) => {
    await page.goto('/Login');
    await page.getByLabel('Email').fill('security@greenvalley.test');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    const modal = page.getByRole('dialog', { name: 'Re-directing' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText('System is re-directing')).toBeVisible();
    await modal.getByRole('button', { name: 'Continue' }).click();
    await expect(modal).toBeHidden();
    const nav = page.getByRole('navigation');
    for (const label of ['Security', 'Not at home', 'Cancelled', 'Arrived', 'Complaints']) await expect(nav.getByRole('link', { name: label })).toBeVisible();
    // Home for button-one is the security desk, with how many security staff are online.
    await expect(page.getByRole('heading', { name: 'Security alerts' })).toBeVisible();
    await expect(page.getByText(/^\d+ security staff online$/)).toBeVisible();
  });

  test('billing staff: own menu, and a complaints route says it is not for this role', async ({ page }) => {
    await signIn(page, 'billing@lakecity.test');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Billing' })).toBeVisible();
    await page.goto('/Complaints');
    await expect(page.getByText('This page is not available for your role.')).toBeVisible();
  });

  test('offline screen replaces the routes and goes away when back online', async ({ page, context }) => {
    await signIn(page, 'complaints@greenvalley.test');
    await context.setOffline(true);
    await expect(page.getByText('You are currently offline')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('You are currently offline')).toBeHidden();
    await expect(page.getByText(/^Hi .+, Dashboard!$/)).toBeVisible();
  });

  test('a chunk lost as the connection drops during sign-in is loaded again when it is back; the shell stays', async ({ page, context }) => {
    // The logo listener's chunk (every sub-role's shell loads it) fails the first time, as the
    // network goes away; then the browser is back online.
    let requests = 0;
    await page.route(/\/assets\/logo-live-updates-[\w-]+\.js$/, async (route) => {
      requests++;
      if (requests > 1) return route.continue();
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await page.goto('/Login');
    await page.getByLabel('Email').fill('complaints@greenvalley.test');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('You are currently offline')).toBeVisible();
    expect(requests).toBe(1);

    await context.setOffline(false);
    await expect(page.getByText('You are currently offline')).toBeHidden();
    await expect(page.getByText(/^Hi .+, Dashboard!$/)).toBeVisible();
    // Every listener is mounted again, the logo's too (the badge waits for all of them).
    await expectLive(page);
    expect(requests).toBe(2);
  });

  test("Log Out clears local storage, except display preferences and the resident app's keys, and ends the server session", async ({ page }) => {
    await signIn(page, 'complaints@greenvalley.test');
    // A resident signed in at /app in this browser (same origin, same local storage).
    await page.evaluate(() => localStorage.setItem('sd.resident.token', 'resident-token'));
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/Login$/);
    // Only display preferences (a member's columns and theme) and the resident app's keys outlive the session.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => !key.startsWith('pref:')))).toEqual(['sd.resident.token']);
    expect(await page.evaluate(() => localStorage.getItem('sd.resident.token'))).toBe('resident-token');
    const status = await page.evaluate(async () => (await fetch('/api/society/me')).status);
    expect(status).toBe(401);
    await page.goto('/Complaints');
    await expect(page).toHaveURL(/\/Login$/);
  });

  test('a session ended on the server sends the screen back to the login page', async ({ page }) => {
    await signIn(page, 'complaints@greenvalley.test');
    await expectLive(page);
    // The same browser's session is ended by another tab's Log Out (same cookie): the server
    // closes this screen's socket, and the screen learns its session is gone without a reload.
    const res = await page.request.post('/api/society/logout');
    expect(res.status()).toBe(204);
    await expect(page).toHaveURL(/\/Login$/);
  });
});
