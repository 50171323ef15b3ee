/**
 * The resident app when something goes wrong: a screen's chunk that is gone after a deploy, a
 * screen that fails to render, a profile that cannot load, a refused SOS press. The SOS button
 * and the numbers to call stay on screen through each.
 */
import { expect, test } from './test';
import { acknowledgeAllAlarms, GV_SECURITY } from './helpers';
import { approvedResident, fileResidentComplaint, PHONE_VIEWPORT, signInResident, sosButton } from './resident-app-helpers';
import { uniqueName } from './residents-helpers';

test.use({ viewport: PHONE_VIEWPORT });

test.describe('resident app failures', () => {
  // A real press here rings Green Valley's security screens: it must not still ring in the next spec file.
  test.afterEach(async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    await acknowledgeAllAlarms(api, GV_SECURITY);
    await api.dispose();
  });

  test.describe('lazy chunks', () => {
    // page.route does not see what a service worker answers: without it, every chunk is fetched by the page.
    test.use({ serviceWorkers: 'block' });

    test('a screen whose chunk is gone reloads the page once, then says so with a Reload button; the navigation stays', async ({
      page,
      playwright,
      baseURL,
    }) => {
      const r = await approvedResident(playwright, baseURL, 'Chunk');
      await signInResident(page, r.phone, r.password);
      await page.route(/\/app\/assets\/profile-screen-[^/]+\.js$/, (route) => route.abort());
      let documents = 0;
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents++;
      });
      const reported = page.waitForRequest((request) => request.url().endsWith('/api/client-errors') && request.method() === 'POST');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
      await expect(page.getByRole('alert')).toContainText('A new version is available.');
      expect(documents).toBe(1); // one automatic reload, not a loop
      await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      // The failure reached the server's log (the bearer token names the session).
      const report = await reported;
      expect(report.postDataJSON()).toMatchObject({ app: 'resident', kind: 'screen', path: '/app/profile', chunkLoad: true });
      expect(await report.headerValue('authorization')).toMatch(/^Bearer /);

      // The chunk is back (a reload loads the new build): the Reload button brings the screen.
      await page.unroute(/\/app\/assets\/profile-screen-[^/]+\.js$/);
      await page.getByRole('button', { name: 'Reload' }).click();
      await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
    });
  });

  test('a frame that fails to render leaves the SOS button and the numbers to call', async ({ page, playwright, baseURL }) => {
    const r = await approvedResident(playwright, baseURL, 'Crash');
    // An answer the shell cannot render (the society's name is not text).
    await page.route('**/api/resident/me', async (route) => {
      const response = await route.fetch();
      const me = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...me, societyName: { broken: true } } });
    });
    await signInResident(page, r.phone, r.password);
    await expect(page.getByTestId('app-failed')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(sosButton(page)).toBeVisible();
    await expect(page.getByRole('link', { name: '1122' })).toHaveAttribute('href', 'tel:1122');
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  });

  test('while the profile cannot be read, the SOS button is on screen beside the failure', async ({ page, playwright, baseURL }) => {
    const r = await approvedResident(playwright, baseURL, 'NoProfile');
    await page.route('**/api/resident/me', (route) => route.fulfill({ status: 503, json: { message: 'Service unavailable' } }));
    await signInResident(page, r.phone, r.password);
    await expect(page.getByRole('alert')).toContainText('Service unavailable', { timeout: 10_000 }); // after the query's retries
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(sosButton(page)).toBeEnabled();
  });

  test('a hold begun at home while the profile is still loading is not cut off when it arrives', async ({ page, playwright, baseURL }) => {
    const r = await approvedResident(playwright, baseURL, 'EarlyHold');
    let letProfileThrough = () => {};
    const held = new Promise<void>((resolve) => (letProfileThrough = resolve));
    await page.route('**/api/resident/me', async (route) => {
      await held;
      await route.continue();
    });
    await signInResident(page, r.phone, r.password);
    const box = await sosButton(page).boundingBox();
    if (!box) throw new Error('the SOS button is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // The mouse is down before the profile is read: the header's society name comes with it.
    await expect(page.locator('header')).not.toContainText('Green Valley');
    letProfileThrough();
    await expect(page.locator('header')).toContainText('Green Valley');
    await expect(page.getByTestId('alarm-card')).toContainText('Sent');
    await page.mouse.up();
  });

  test('a refused SOS press says so and lists the numbers to call, each a tel: link', async ({ page, playwright, baseURL }) => {
    const r = await approvedResident(playwright, baseURL, 'Refused');
    await signInResident(page, r.phone, r.password);
    // The SOS button shows while the profile loads too; the hold starts once the shell has replaced that screen.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.route('**/api/security', (route) => route.fulfill({ status: 503, json: { message: 'Service unavailable' } }));
    // The alarm's status region is there before any alarm (empty), so its first "Sent" is announced.
    await expect(page.getByTestId('sos-status')).toHaveRole('status');
    await expect(page.getByTestId('sos-status')).toBeEmpty();
    await sosButton(page).focus();
    await page.keyboard.down('Space');
    const failed = page.getByRole('alert').filter({ hasText: 'The SOS was not sent.' });
    await expect(failed).toBeVisible();
    await page.keyboard.up('Space');
    await expect(failed.getByRole('link', { name: '1122' })).toHaveAttribute('href', 'tel:1122');
    await expect(failed.getByRole('link', { name: '15', exact: true })).toHaveAttribute('href', 'tel:15');
  });

  test("a sign-out elsewhere ends the session here by itself; the next resident on this phone never sees the previous one's list", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const a = await approvedResident(playwright, baseURL, 'First');
    const b = await approvedResident(playwright, baseURL, 'Second');
    const api = await playwright.request.newContext({ baseURL });
    const complaint = `Broken street light ${uniqueName('A')}`;
    await fileResidentComplaint(api, a, complaint);
    await signInResident(page, a.phone, a.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
    await page.getByRole('link', { name: 'Complaints' }).click();
    await expect(page.getByText(complaint)).toBeVisible();

    // The resident's token is revoked (signed out from elsewhere): the server closes the socket and
    // the app, asking who it is, is told 401 and shows sign-in, with no tap on this phone.
    const token = await page.evaluate(() => localStorage.getItem('sd.resident.token'));
    expect((await api.post('/api/resident/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(204);
    await expect(page).toHaveURL(/\/app\/sign-in$/, { timeout: 10_000 });

    // The next resident: their complaints are slow to come, and meanwhile nothing of the first one's shows.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/resident/complaints*', async (route) => {
      await held;
      await route.continue();
    });
    // On the same page (no reload, which would empty the memory anyway).
    await page.getByLabel('Phone').fill(b.phone);
    await page.getByLabel('Password', { exact: true }).fill(b.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(sosButton(page)).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
    await page.getByRole('link', { name: 'Complaints' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
    await expect(page.getByText(complaint)).toHaveCount(0);
    release();
    await expect(page.getByText('Nothing here yet.')).toBeVisible();
    await expect(page.getByText(complaint)).toHaveCount(0);
    await api.dispose();
  });

  test('registered, but the sign-in after it fails: the sign-in screen says the new resident ID, and signing in works', async ({ page }) => {
    const phone = `0398${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const password = 'resident-pass-1';
    await page.route('**/api/resident/login', (route) => route.fulfill({ status: 503, json: { message: 'Service unavailable' } }));
    await page.goto('/app/register');
    const field = (label: string) => page.getByLabel(label, { exact: true });
    const society = page.getByRole('combobox', { name: 'Society' });
    await society.fill('green');
    await page.getByRole('option', { name: 'Green Valley', exact: true }).click();
    await field('Name').fill(uniqueName('Late'));
    await field('Phone').fill(phone);
    await field('Password').fill(password);
    await field('House').fill('9');
    await field('Street').fill('Street 4');
    await field('Block').fill('Block C');
    const registered = page.waitForResponse((res) => res.url().endsWith('/api/resident/register'));
    await page.getByRole('button', { name: 'Register' }).click();
    expect((await registered).status()).toBe(201);
    const { residentID } = (await (await registered).json()) as { residentID: string };
    await expect(page).toHaveURL(/\/app\/sign-in$/);
    await expect(page.getByRole('status').filter({ hasText: `Registered: your resident ID is ${residentID}.` })).toBeVisible();

    await page.unroute('**/api/resident/login');
    await page.getByLabel('Phone').fill(phone);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
  });

  test("a doctor request's prescription is shown field by field, with the spec's names; none yet says so", async ({ page, playwright, baseURL }) => {
    const r = await approvedResident(playwright, baseURL, 'Patient');
    const at = new Date().toISOString();
    const consultation = (id: number, prescription: Record<string, unknown> | null) => ({
      _id: id,
      description: `Request ${id}`,
      stage: prescription ? 'completed' : 'processing',
      pressedTime: at,
      societyName: 'Green Valley',
      meeting: null,
      prescription,
    });
    // The list as the server would answer it once the doctor has written one prescription.
    await page.route('**/api/resident/consultations*', async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as Record<string, unknown>;
      const written = { _id: 1, disease: 'Flu', medicine: 'Paracetamol', testNeeded: 'None', thingsToDo: 'Rest', prescribedAt: at, prescribedBy: 'Dr Amna' };
      await route.fulfill({ response, json: { ...list, items: [consultation(2, null), consultation(1, written)] } });
    });
    await signInResident(page, r.phone, r.password);
    await page.goto('/app/services/doctor');
    const written = page.locator('.mantine-Card-root').filter({ hasText: 'Request 1' });
    for (const line of ['Disease: Flu', 'Medicine: Paracetamol', 'Test needed: None', 'Things to do: Rest'])
      await expect(written.getByRole('listitem').filter({ hasText: line })).toBeVisible();
    await expect(page.locator('.mantine-Card-root').filter({ hasText: 'Request 2' })).toContainText('No prescription yet.');
  });
});
