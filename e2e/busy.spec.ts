import { expect, test } from './test';
import { MSG } from '../src/shared/messages';
import { restoreSignIn } from './helpers';

test.describe('a busy server', () => {
  test('list reads refused as busy are retried quietly; "busy, retrying" shows only while it lasts, then the list fills in', async ({ page }) => {
    await restoreSignIn(page, 'complaints@greenvalley.test');
    let busy = true;
    let refused = 0;
    // The server refusing every complaint list (what admission control does under overload).
    await page.route(/\/api\/complain\?/, async (route) => {
      if (!busy) return route.continue();
      refused++;
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '1' },
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: MSG.busy }),
      });
    });
    await page.goto('/Complaints');
    const notice = page.getByTestId('busy-notice');
    // The first refusals are silent retries; the notice appears once they have lasted a while.
    await expect.poll(() => refused).toBeGreaterThanOrEqual(2);
    await expect(notice).toHaveText(MSG.busyRetrying, { timeout: 10_000 });
    await expect(page.getByText(MSG.busy)).toHaveCount(0);

    busy = false;
    await expect(page.getByText(/^1–\d+ of \d+/)).toBeVisible({ timeout: 15_000 });
    await expect(notice).toBeHidden();
  });
});
