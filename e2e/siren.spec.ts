import type { Browser, Page } from '@playwright/test';
import { expect, test } from './test';
import { acknowledgeAllAlarms, alarmSound, alarmToast, expectLive, LC_SECURITY, raiseSos, signInSecurity, untouchedPage } from './helpers';

// Residents used here only: LC0050 and LC0051 (LC0049 is blocked in the demo data).
const LC_REST = '03100000051';
const LC_KIOSK = '03100000050';
const SOUND_OFF = 'Alarm sound is off: click anywhere to turn it on';

/**
 * A security screen that no click has ever touched: signed in through the API (the login form's
 * click would count as a gesture, and Chromium carries it over a same-origin reload), then
 * reloaded the way a guard presses F5. Nothing here may run page.evaluate before the checks: it
 * counts as a user gesture.
 */
async function untouchedSecurityScreen(browser: Browser, baseURL?: string): Promise<Page> {
  const page = await untouchedPage(browser, LC_SECURITY, '/Security', baseURL);
  await page.reload();
  await expectLive(page);
  return page;
}

const header = (page: Page) => page.getByRole('banner');

test.describe('the siren is armed before the alarm', () => {
  test.afterEach(async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    await acknowledgeAllAlarms(api, LC_SECURITY);
    await api.dispose();
  });

  test('a reload with no click says the sound is off before any alarm; one click arms the siren', async ({ browser }) => {
    const page = await untouchedSecurityScreen(browser);
    const banner = page.getByRole('alert').filter({ hasText: SOUND_OFF });
    await expect(banner).toBeVisible();
    await expect(header(page).getByText('Siren muted')).toBeVisible();
    await expect(alarmSound(page)).toHaveAttribute('data-context', 'suspended');
    // The header's controls stay usable: the banner sits below them.
    const bannerBox = await banner.boundingBox();
    const headerBox = await header(page).boundingBox();
    expect(bannerBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height - 1);

    // A click on anything (here the screen's heading, under the banner) arms it.
    await page.getByRole('heading', { name: 'Security alerts' }).click();
    await expect(alarmSound(page)).toHaveAttribute('data-context', 'running');
    await expect(banner).toBeHidden();
    await expect(header(page).getByText('Siren armed')).toBeVisible();
    await page.context().close();
  });

  test('Test sound plays a second of the siren; an alarm raises a lasting system notification and flashes the title', async ({ browser, baseURL, request }) => {
    const context = await browser.newContext();
    await context.grantPermissions(['notifications'], { origin: baseURL });
    // Records what the page shows as system notifications (headless Chromium shows none).
    await context.addInitScript(() => {
      const shown: { title: string; tag?: string; requireInteraction?: boolean; closed: boolean }[] = [];
      Object.assign(window, { shownNotifications: shown });
      const real = window.Notification;
      class Recorder {
        static get permission() {
          return real.permission;
        }
        static requestPermission() {
          return real.requestPermission();
        }
        onclick = null;
        private record;
        constructor(title: string, options: NotificationOptions) {
          this.record = { title, tag: options.tag, requireInteraction: options.requireInteraction, closed: false };
          shown.push(this.record);
        }
        close() {
          this.record.closed = true;
        }
      }
      Object.assign(window, { Notification: Recorder });
    });
    const page = await context.newPage();
    const shown = () => page.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications);
    await signInSecurity(page, LC_SECURITY);
    await expect(header(page).getByText('Siren armed')).toBeVisible();

    await header(page).getByRole('button', { name: 'Test sound' }).click();
    await expect(alarmSound(page)).toHaveAttribute('data-state', 'playing');
    await expect(alarmSound(page)).toHaveAttribute('data-state', 'stopped', { timeout: 3_000 });

    const normalTitle = await page.title();
    const alarm = await raiseSos(request, LC_REST);
    const toast = alarmToast(page, alarm.resident);
    await expect(toast).toBeVisible();
    await expect.poll(shown).toEqual([{ title: `SOS — ${alarm.resident.name}`, tag: `alarm-${alarm._id}`, requireInteraction: true, closed: false }]);
    await expect(page).toHaveTitle(`SOS — ${alarm.resident.name}`);
    // "Open Security" stays in this tab: an arrow, not an external-link icon.
    const open = toast.getByRole('button', { name: 'Open Security' });
    await expect(open.locator('.tabler-icon-arrow-right')).toHaveCount(1);
    await expect(open.locator('.tabler-icon-external-link')).toHaveCount(0);

    await toast.getByRole('button', { name: 'Close alarm' }).click();
    await expect(toast).toBeHidden();
    await expect.poll(shown).toEqual([expect.objectContaining({ tag: `alarm-${alarm._id}`, closed: true })]);
    await expect(page).toHaveTitle(normalTitle);
    await context.close();
  });
});

test.describe('a kiosk browser started with --autoplay-policy=no-user-gesture-required', () => {
  test.afterEach(async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    await acknowledgeAllAlarms(api, LC_SECURITY);
    await api.dispose();
  });

  test('rings the siren after a reload with no click at all', async ({ playwright, browserName, launchOptions, baseURL, request }) => {
    // Launch options cannot change per describe block (they force a new worker), so this test
    // starts its own Chromium: the configured flags plus the kiosk's autoplay policy.
    expect(browserName).toBe('chromium');
    const kiosk = await playwright.chromium.launch({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), '--autoplay-policy=no-user-gesture-required'],
    });
    try {
      const page = await untouchedSecurityScreen(kiosk, baseURL);
      await expect(header(page).getByText('Siren armed')).toBeVisible();
      const alarm = await raiseSos(request, LC_KIOSK);
      await expect(alarmToast(page, alarm.resident)).toBeVisible();
      await expect(alarmSound(page)).toHaveAttribute('data-state', 'playing');
      await expect(alarmSound(page)).toHaveAttribute('data-context', 'running');
      await expect(page.getByText(SOUND_OFF)).toHaveCount(0);
    } finally {
      await kiosk.close();
    }
  });
});
