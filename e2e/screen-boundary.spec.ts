/**
 * A screen whose code cannot load replaces only itself: the shell (greeting, menu) stays, the
 * screen says a new version is available with a Reload button, the failure is reported to the
 * server's log, an SOS still rings, and going to another screen works. Without the screen's error
 * boundary the failure unmounted the whole dashboard, alarm center included.
 */
import { expect, test } from './test';
import { acknowledgeAllAlarms, alarmSound, alarmToast, GV_SECURITY, raiseSos, signInSecurity } from './helpers';

// A resident used here only.
const GV_RESIDENT = '03000000048';
const COMPLAINTS_CHUNK = /\/assets\/complaint-stage-screen-[\w-]+\.js$/;

test.describe('screen error boundary', () => {
  test.afterEach(async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    await acknowledgeAllAlarms(api, GV_SECURITY);
    await api.dispose();
  });

  test('a screen whose chunk answers 500 says so with Reload; the shell stays and an SOS still rings', async ({ page, request }) => {
    // The page's clock, so load-chunk's waits between tries (1 + 2 + 4 + 8 s) pass at once.
    await page.clock.install();
    // The Re-directing dialog's Continue is the click that unlocks the siren.
    await signInSecurity(page);
    let tries = 0;
    await page.route(COMPLAINTS_CHUNK, (route) => {
      tries++;
      return route.fulfill({ status: 500, body: 'Internal Server Error' });
    });
    const reported = page.waitForRequest((r) => r.url().endsWith('/api/client-errors') && r.method() === 'POST');

    await page.getByRole('navigation').getByRole('link', { name: 'Complaints', exact: true }).click();
    const failed = page.getByTestId('screen-failed');
    await expect(async () => {
      await page.clock.fastForward(8_000);
      await expect(failed).toBeVisible({ timeout: 250 });
    }).toPass({ timeout: 20_000 });
    await expect(failed.getByRole('heading', { name: 'A new version is available' })).toBeVisible();
    await expect(failed.getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(tries).toBeGreaterThanOrEqual(5); // every try of lib/load-chunk.ts, then the boundary
    const report = (await reported).postDataJSON() as Record<string, unknown>;
    expect(report).toMatchObject({ app: 'dashboard', kind: 'screen', path: '/Complaints', chunkLoad: true });

    // The shell is still there.
    await expect(page.getByText(/^Hi .+, Dashboard!$/)).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Security', exact: true })).toBeVisible();

    // And the alarm center still rings.
    const alarm = await raiseSos(request, GV_RESIDENT);
    await expect(alarmToast(page, alarm.resident)).toBeVisible();
    await expect(alarmSound(page)).toHaveAttribute('data-state', 'playing');

    // Another screen after the failure works (the boundary is cleared with the path).
    await page.getByRole('navigation').getByRole('link', { name: 'Security', exact: true }).click();
    await expect(failed).toBeHidden();
    await expect(page.getByRole('table')).toBeVisible();
  });
});
