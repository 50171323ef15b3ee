import { expect, test } from './test';
import { MSG } from '../src/shared/messages';
import { operator } from './helpers';

/**
 * What the login page says when a sign-in cannot work: a production server opened over plain
 * http (its answer, 403 field `protocol`, is the server's: tests/api/plain-http.test.ts; here the
 * page's handling of it) says so under the form instead of "Invalid email or password", and a
 * member disabled while signed in lands on Login told why, in a toast that leaves the theme
 * toggle free, at a laptop's and a tablet's width.
 */

test('a sign-in refused over plain http says under the form to open the dashboard over HTTPS', async ({ page }) => {
  await page.route('**/api/society/login', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 403, error: 'Forbidden', message: MSG.httpsRequired, field: 'protocol' }),
    }),
  );
  await page.goto('/Login');
  await page.getByLabel('Email').fill('complaints@greenvalley.test');
  await page.getByLabel('Password', { exact: true }).fill('demo-pass-1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sign-in needs HTTPS' })).toContainText('docs/deploy.md');
  await expect(page.getByText(MSG.loginFailed)).toHaveCount(0);
});

for (const [width, height] of [
  [1366, 768],
  [1024, 768],
] as const) {
  test(`a member disabled while signed in is told why on Login, clear of the theme toggle (${width}×${height})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const email = `disabled-${width}-${Date.now()}@greenvalley.test`;
    const out = await operator('staff:create', '--society', 'GV', '--email', email, '--name', 'Bilal Anwar', '--sub-role', 'complian');
    const temporary = /Temporary password: (\S+)/.exec(out)![1]!;
    await page.goto('/Login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(temporary);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByLabel('Temporary password')).toBeVisible();

    await operator('staff:disable', '--email', email);
    const toast = page.getByText(MSG.accountDisabled);
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/Login$/);
    const toggle = page.getByRole('button', { name: /Switch to (dark|light) theme/ });
    // Both settled (the toast slides in): neither box overlaps the other.
    await expect(async () => {
      const a = (await toast.boundingBox())!;
      const b = (await toggle.boundingBox())!;
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, `toast ${JSON.stringify(a)} overlaps toggle ${JSON.stringify(b)}`).toBe(true);
      expect(a.x).toBeGreaterThanOrEqual(0);
    }).toPass();
  });
}
