/**
 * The resident app at /app in a phone-sized Chromium, with a second browser context
 * for the staff: registration approved on /Status, the SOS held 2 s ringing a security screen and
 * its acknowledgement and resolution reaching the resident's screen (by polling, until the
 * resident socket exists), the installed shell offline, and axe on the main screens.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './test';
import { MSG } from '../src/shared/messages';
import { expectNoSeriousA11yViolations } from './a11y-helpers';
import { acknowledgeAllAlarms, GV_SECURITY, isoDay, PASSWORD, restoreSignIn, signInSecurity } from './helpers';
import { approvedResident, holdSosWithPointer, PHONE_VIEWPORT, signInResident, sosButton } from './resident-app-helpers';
import { uniqueName } from './residents-helpers';

test.use({ viewport: PHONE_VIEWPORT });

async function staffPage(browser: Browser): Promise<Page> {
  // The staff dashboard on a desk's screen (the spec's test.use phone viewport is the resident's).
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

test.describe('resident app', () => {
  test('register (the server names a wrong field) → waiting for approval → approved on /Status → in with nothing pressed; sign out, sign in again', async ({
    page,
    browser,
  }) => {
    const name = uniqueName('Zainab');
    const phone = `0397${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const password = 'resident-pass-1';
    await page.goto('/app/');
    await expect(page).toHaveURL(/\/app\/sign-in$/);
    await page.getByRole('link', { name: 'New here? Register' }).click();
    const field = (label: string) => page.getByLabel(label, { exact: true });
    // The society is picked from the server's names as the resident types.
    const society = page.getByRole('combobox', { name: 'Society' });
    await society.fill('green');
    await page.getByRole('option', { name: 'Green Valley', exact: true }).click();
    await expect(society).toHaveValue('Green Valley');
    await field('Name').fill(name);
    await field('Phone').fill('12345');
    await field('Password').fill(password);
    await field('House').fill('7');
    await field('Street').fill('Street 2');
    await field('Block').fill('Block A');
    await page.getByRole('button', { name: 'Register' }).click();
    // The server's own message, under the field it names.
    await expect(field('Phone')).toHaveAccessibleDescription(/Phone must be exactly 11 digits\./);
    await expect(field('Phone')).toHaveAttribute('aria-invalid', 'true');
    await field('Phone').fill(phone);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
    // It says what happens next, in the resident's words (no staff screen named).
    await expect(page.getByText(/society’s office will check your registration/)).toBeVisible();
    const residentId = (await page.getByText(/^Resident ID: /).innerText()).replace(/^Resident ID: (\S+).*$/, '$1');
    expect(residentId).toMatch(/^GV\d+$/);

    // Staff approve on /Status in their own browser context.
    const staff = await staffPage(browser);
    await restoreSignIn(staff, 'status@greenvalley.test');
    const row = staff.getByRole('region', { name: 'Pending registrations' }).getByRole('row').filter({ hasText: residentId });
    await row.getByRole('button', { name: `Verify ${name}` }).click();
    const drawer = staff.getByRole('dialog', { name: 'Resident status' });
    await drawer.getByRole('radio', { name: 'Approve' }).check();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await staff.getByRole('dialog', { name: 'Change status' }).getByRole('button', { name: 'Yes' }).click();
    await expect(staff.getByText('Status updated successfully')).toBeVisible();
    await staff.context().close();

    // Nothing pressed: the waiting screen moves on by itself (it asks again every few seconds;
    // before, every 30 s, past this wait).
    await expect(sosButton(page)).toBeVisible({ timeout: 10_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('row', { name: `Status Approved` })).toBeVisible();
    await expect(page.getByRole('row', { name: `Address House 7, Street 2, Block A` })).toBeVisible();

    // Sign-out revokes the token: the old token is refused by the server.
    const token = await page.evaluate(() => localStorage.getItem('sd.resident.token'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/app\/sign-in$/);
    expect(await page.evaluate(() => localStorage.getItem('sd.resident.token'))).toBeNull();
    expect((await page.request.get('/api/resident/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
    // A wrong password: the server's answer above the form.
    await page.getByLabel('Phone').fill(phone);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.residentLoginFailed })).toBeVisible();
    await signInResident(page, phone, password);
  });

  test('forgot the password: /Status resets it (shown once), the app asks for a new one first; the profile changes it again', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const r = await approvedResident(playwright, baseURL, 'Rukhsana');
    await page.goto('/app/sign-in');
    await expect(page.getByText('Forgot your password? Ask your society’s office to reset it.')).toBeVisible();
    await signInResident(page, r.phone, r.password);

    // The office resets it from the resident's /Status drawer.
    const staff = await staffPage(browser);
    await restoreSignIn(staff, 'status@greenvalley.test');
    const residents = staff.getByRole('region', { name: 'Residents' });
    await residents.getByRole('textbox', { name: 'Search' }).fill(r.name);
    const row = residents.getByRole('row').filter({ hasText: r.residentID });
    await row.getByRole('button', { name: `Verify ${r.name}` }).click();
    const drawer = staff.getByRole('dialog', { name: 'Resident status' });
    await drawer.getByRole('button', { name: 'Reset password' }).click();
    await staff.getByRole('dialog', { name: 'Reset password' }).getByRole('button', { name: 'Reset password' }).click();
    const shown = staff.getByRole('dialog', { name: 'Temporary password' });
    const temporary = (await shown.getByLabel('Temporary password').innerText()).trim();
    expect(temporary).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    // The drawer's history records who reset it.
    await expect(drawer.getByText('Reset-password').first()).toBeVisible();
    await staff.context().close();

    // The resident's phone was signed out; the temporary password opens the change form, with the
    // numbers to call on the same screen (the server takes no SOS press from a temporary
    // password), and no menu; a reload shows the same.
    await page.reload();
    await expect(page).toHaveURL(/\/app\/sign-in$/);
    await page.getByLabel('Phone').fill(r.phone);
    await page.getByLabel('Password', { exact: true }).fill(temporary);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Emergency numbers' }).getByRole('link', { name: '1122' })).toBeVisible();
    await expect(sosButton(page)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
    await page.getByLabel('Current password').fill('not-it-at-all');
    await page.getByLabel('New password').fill('my-own-password-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByLabel('Current password')).toHaveAccessibleDescription(/The current password is not right\./);
    await page.getByLabel('Current password').fill(temporary);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(sosButton(page)).toBeVisible();

    // Later, on the Profile screen.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByLabel('Current password').fill('my-own-password-1');
    await page.getByLabel('New password').fill('my-own-password-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    // Signed out only once the app is back on its sign-in screen: a sign-in page loaded before
    // that still finds the session and shows the SOS screen instead.
    await expect(page).toHaveURL(/\/app\/sign-in$/);
    await signInResident(page, r.phone, 'my-own-password-2');
  });

  test.describe('SOS', () => {
    test.afterEach(async ({ playwright, baseURL }) => {
      const api = await playwright.request.newContext({ baseURL });
      await acknowledgeAllAlarms(api, GV_SECURITY);
      await api.dispose();
    });

    test('held 2 s it rings the security screen; a second press adds to it; the guard acknowledges and resolves it, and the resident sees each step', async ({
      page,
      browser,
      playwright,
      baseURL,
    }) => {
      const r = await approvedResident(playwright, baseURL, 'Sadia');
      const staff = await staffPage(browser);
      await signInSecurity(staff);
      await signInResident(page, r.phone, r.password);

      // A short press does nothing: the ring fills, then empties on release, and no alarm is sent.
      const sos = sosButton(page);
      await expect(sos).toHaveAccessibleDescription(/Press and hold for 2 seconds/);
      const ring = page.getByTestId('sos-progress');
      const box = (await sos.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await expect(ring).not.toHaveAttribute('data-progress', '0.00');
      await page.mouse.up();
      await expect(ring).toHaveAttribute('data-progress', '0.00');

      const posted = page.waitForResponse((r) => r.url().endsWith('/api/security') && r.request().method() === 'POST');
      await holdSosWithPointer(page, 'Sent');
      const alarm = (await (await posted).json()) as { _id: number; pressCount: number };
      expect(alarm.pressCount).toBe(1); // the short press sent nothing

      const toast = staff.getByRole('alert').filter({ hasText: r.phone });
      await expect(toast).toBeVisible();

      // Second press, with the keyboard (Space held): merged into the same alarm.
      await sos.focus();
      await page.keyboard.down('Space');
      await expect(page.getByTestId('alarm-card')).toContainText('Pressed 2 times');
      await page.keyboard.up('Space');
      await expect(staff.getByRole('alert').filter({ hasText: r.phone })).toHaveCount(1);

      // The guard closes the toast: acknowledged, with the guard's name (the resident socket).
      await toast.getByRole('button', { name: 'Close alarm' }).click();
      await expect(toast).toBeHidden();
      await expect(page.getByTestId('alarm-card')).toContainText(/Acknowledged by .+ at \d{1,2}:\d{2}/);

      // Proceed and submit with a response (the desk's API): Resolved, with the response.
      const api = await playwright.request.newContext({ baseURL });
      expect((await api.post('/api/society/login', { data: { email: GV_SECURITY, password: PASSWORD } })).status()).toBe(200);
      expect((await api.put(`/api/security/${alarm._id}`, { data: { action: 'proceed' } })).status()).toBe(200);
      await expect(page.getByTestId('alarm-card')).toContainText('The guards are handling it.', { timeout: 10_000 });
      const submit = await api.put(`/api/security/${alarm._id}`, { data: { action: 'submit', response: 'Guard checked the back gate.', confirmed: true } });
      expect(submit.status()).toBe(200);
      await api.dispose();
      await expect(page.getByTestId('alarm-card')).toContainText('Resolved', { timeout: 10_000 });
      await expect(page.getByTestId('alarm-card')).toContainText('Response: Guard checked the back gate.');
      await staff.context().close();
    });
  });

  test('services: the server refuses on the field; a complaint, a not-at-home request (cancelled), grocery and doctor requests are filed and listed', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const r = await approvedResident(playwright, baseURL, 'Rabia');
    await signInResident(page, r.phone, r.password);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Services' }).click();
    await page.getByRole('link', { name: 'Complaints' }).click();
    await page.getByRole('button', { name: 'Send complaint' }).click();
    const describe = page.getByLabel('Describe the complaint');
    await expect(describe).toHaveAccessibleDescription('Please describe the complaint.');
    await describe.fill('The street light by house 7 is out.');
    await page.getByRole('button', { name: 'Send complaint' }).click();
    const complaint = page.locator('.mantine-Card-root').filter({ hasText: 'The street light by house 7 is out.' });
    await expect(complaint).toContainText('New');
    await expect(describe).toHaveValue('');

    await page.getByRole('link', { name: '← Services' }).click();
    await page.getByRole('link', { name: 'Not at home' }).click();
    await page.getByLabel('From', { exact: true }).fill(isoDay(3));
    await page.getByLabel('To', { exact: true }).fill(isoDay(1));
    await page.getByRole('button', { name: 'Tell the guards' }).click();
    await expect(page.getByLabel('To', { exact: true })).toHaveAccessibleDescription('The return date cannot be before the leaving date.');
    await page.getByLabel('To', { exact: true }).fill(isoDay(4));
    await page.getByRole('button', { name: 'Tell the guards' }).click();
    const away = page.locator('.mantine-Card-root').filter({ hasText: `${isoDay(3)} to ${isoDay(4)} (2 days)` });
    await expect(away).toContainText('Active');
    await expect(away).toContainText('No guard assigned yet.');
    await away.getByRole('button', { name: 'Cancel request' }).click();
    await expect(away).toContainText('Cancelled');
    await expect(away.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);

    await page.goto('/app/services/grocery');
    await page.getByLabel('What do you need? (optional)').fill('Milk 2 litres, bread');
    await page.getByRole('button', { name: 'Ask for groceries' }).click();
    await expect(page.locator('.mantine-Card-root').filter({ hasText: 'Milk 2 litres, bread' })).toContainText('Waiting for the order.');

    await page.goto('/app/services/doctor');
    await page.getByRole('button', { name: 'Ask for a doctor' }).click();
    await expect(page.locator('.mantine-Card-root').first()).toContainText('Waiting for the meeting link.');
  });

  test('a complaint goes new → processing → completed on the dashboard, and the resident sees each stage and the response live', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const r = await approvedResident(playwright, baseURL, 'Saima');
    await signInResident(page, r.phone, r.password);
    const sent = page.waitForResponse((res) => res.url().endsWith('/api/complain') && res.request().method() === 'POST');
    await page.goto('/app/services/complaints');
    const text = `The gate light is out ${Date.now()}`;
    await page.getByLabel('Describe the complaint').fill(text);
    await page.getByRole('button', { name: 'Send complaint' }).click();
    const { _id } = (await (await sent).json()) as { _id: number };
    const card = page.locator('.mantine-Card-root').filter({ hasText: text });
    await expect(card).toContainText('New');

    // The complaints desk moves it through its API; the resident's screen is not reloaded, and
    // nothing on it polls: only the resident socket can bring each change.
    const api = await playwright.request.newContext({ baseURL });
    expect((await api.post('/api/society/login', { data: { email: 'complaints@greenvalley.test', password: PASSWORD } })).status()).toBe(200);
    expect((await api.put(`/api/complain/${_id}`, { data: { action: 'proceed' } })).status()).toBe(200);
    await expect(card).toContainText('Processing');
    const done = await api.put(`/api/complain/${_id}`, { data: { action: 'submit', response: 'The electrician fixed it.', confirmed: true } });
    expect(done.status()).toBe(200);
    await api.dispose();
    await expect(card).toContainText('Completed');
    await expect(card).toContainText('The electrician fixed it.');
  });

  test("installed shell works offline: the offline screen shows the society's emergency numbers, then the national ones, and the app recovers online", async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    const r = await approvedResident(playwright, baseURL, 'Nadia');
    await signInResident(page, r.phone, r.password);
    // The service worker has installed and controls the page (it claims clients on activation).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect(page.getByRole('banner')).toContainText('Green Valley');

    await expect(page).toHaveURL(/\/app\/$/);
    // The society's emergency contacts (demo seed) are saved once GET /api/resident/society answers.
    await page.waitForFunction(() => localStorage.getItem('sd.resident.emergency')?.includes('Guard room') ?? false);
    await context.setOffline(true);
    await page.reload();
    const offline = page.getByTestId('offline-screen');
    await expect(offline.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(offline.getByRole('link', { name: '1122' })).toHaveAttribute('href', 'tel:1122');
    await expect(offline.getByRole('link', { name: '15' })).toHaveAttribute('href', 'tel:15');
    await expect(offline).toContainText('Your society: Green Valley');
    // The society's own numbers come first, in the order the operator set them, then the national lines.
    await expect(offline.getByTestId('offline-society')).toContainText('Guard room');
    await expect(offline.getByRole('link', { name: '04235761200' })).toHaveAttribute('href', 'tel:04235761200');
    await expect(offline.getByRole('link').first()).toHaveText('04235761200');
    await expect(offline.getByTestId('offline-national').getByRole('link', { name: '1122' })).toBeVisible();
    await expect(sosButton(page)).toBeHidden();
    await expectNoSeriousA11yViolations(page, 'resident offline screen');
    // The worker caches the shell only: no API answer (personal data) is in its caches, and an API
    // call offline fails instead of being answered from a cache.
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const lists = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)));
      return lists.flat();
    });
    expect(cached.some((url) => url.includes('/app/index.html'))).toBe(true);
    expect(cached.filter((url) => url.includes('/api/'))).toEqual([]);
    expect(
      await page.evaluate(() =>
        fetch('/api/resident/me').then(
          (r) => `status ${r.status}`,
          () => 'failed',
        ),
      ),
    ).toBe('failed');

    await context.setOffline(false);
    await expect(offline).toBeHidden();
    await expect(sosButton(page)).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Green Valley');
  });

  test('accessibility: sign-in, registration, SOS, services, a service, society, notifications, profile', async ({ page, playwright, baseURL }) => {
    // axe runs on ten screens here; on a slow shared machine one run alone takes a few seconds.
    test.setTimeout(90_000);
    const r = await approvedResident(playwright, baseURL, 'Farah');
    await page.goto('/app/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'resident sign-in');
    await page.goto('/app/register');
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'resident registration');

    await signInResident(page, r.phone, r.password);
    await expectNoSeriousA11yViolations(page, 'resident SOS');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const screens: [string, string][] = [
      ['Services', 'Services'],
      ['Society', 'Society'],
      ['Alerts', 'Notifications'],
      ['Profile', 'My profile'],
    ];
    for (const [link, heading] of screens) {
      await nav.getByRole('link', { name: new RegExp(`^${link}`) }).click();
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `resident ${heading}`);
    }
    for (const [path, heading] of [
      ['/app/services/complaints', 'Complaints'],
      ['/app/services/grocery', 'Grocery'],
      ['/app/society/feed', 'Feed'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, `resident ${heading}`);
    }
  });
});
