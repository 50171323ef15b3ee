import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import { acknowledgeAllAlarms, alarmToast, fileComplaint, PASSWORD, raiseSos } from './helpers';

/**
 * The dashboard with the keyboard alone (page.keyboard only, no clicks): sign in, move through
 * the menu, open a row's drawer, Proceed and Submit, close a drawer with focus back on its row,
 * and close the alarm toast. Every element Tab lands on shows a focus ring, also when a
 * button's tooltip arrives after the button was reached.
 */

// Residents used here only: LC0047 (complaints), LC0048 (an SOS).
const LC_COMPLAINANT = '03100000047';
const LC_ALARM = '03100000048';
const LC_COMPLAINTS = 'complaints@lakecity.test';
const LC_SECURITY = 'security@lakecity.test';

/** The primary colour (teal-9, the light scheme's primary shade): Mantine's text fields show focus as a border of it. */
const FOCUS_BORDER = 'rgb(8, 127, 91)';

/**
 * Fails unless the focused element shows a focus indicator: an outline (Mantine's focus ring on
 * :focus-visible, or the browser's), or for a text field Mantine's primary-coloured border.
 */
async function expectFocusVisible(page: Page): Promise<void> {
  // Polled: Mantine fades a field's border colour in (a short CSS transition).
  const ring = () =>
    page.evaluate((focusBorder) => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'nothing focused';
      const style = getComputedStyle(el);
      const outline = el.matches(':focus-visible') && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      // A text field's border, or its wrapper's (the password field's input sits inside a bordered box).
      const bordered = [el, el.parentElement, el.parentElement?.parentElement].some((node) => node && getComputedStyle(node).borderColor === focusBorder);
      const field = /^(INPUT|TEXTAREA)$/.test(el.tagName) && (el as HTMLInputElement).type !== 'checkbox' && bordered;
      return outline || field
        ? 'ok'
        : `no focus indicator on ${el.outerHTML.slice(0, 120)} (outline ${style.outlineStyle} ${style.outlineWidth}, border ${style.borderColor})`;
    }, FOCUS_BORDER);
  await expect.poll(ring, { timeout: 2_000 }).toBe('ok');
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the focus ring at every stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focused = await target.evaluate((el) => el === document.activeElement).catch(() => false);
    await expectFocusVisible(page);
    if (focused) return;
  }
  throw new Error(`${target.toString()} was not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses`);
}

async function signInWithKeyboard(page: Page, email: string): Promise<void> {
  await page.goto('/Login');
  await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible();
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Hi .+, Dashboard!$/)).toBeVisible();
}

const menuLink = (page: Page, path: string) => page.getByRole('navigation').locator(`a[href="${path}"]`);
const rowButton = (page: Page, text: string, name = 'Action') => page.getByRole('row').filter({ hasText: text }).getByRole('button', { name, exact: true });

test.describe('keyboard only', () => {
  test('sign in, the menu, a drawer: Proceed, Submit, and focus back on the row', async ({ page, request }) => {
    test.setTimeout(60_000);
    const complaint = `Keyboard test: the corridor light flickers (${Date.now()})`;
    await fileComplaint(request, LC_COMPLAINANT, complaint);
    await signInWithKeyboard(page, LC_COMPLAINTS);

    // The menu: to Processing and back to Complaints.
    await tabTo(page, menuLink(page, '/Pending'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Pending$/);
    await tabTo(page, menuLink(page, '/Complaints'), { back: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Complaints$/);

    // Open the complaint's drawer and Proceed.
    await tabTo(page, rowButton(page, complaint));
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Complaints Details' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText(complaint)).toBeVisible();
    await tabTo(page, drawer.getByRole('button', { name: 'Proceed' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Successfully updated!')).toBeVisible();
    await expect(drawer).toBeHidden();
    // The row left the list: focus is on the table (the row now in its place) or the heading, not lost.
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null)).toBe(true);

    // Processing: Response, the checkbox and Submit.
    await tabTo(page, menuLink(page, '/Pending'), { back: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Pending$/);
    await tabTo(page, rowButton(page, complaint));
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await tabTo(page, drawer.getByLabel('Response'));
    await page.keyboard.type('The bulb was replaced.');
    await tabTo(page, drawer.getByRole('checkbox'));
    await page.keyboard.press('Space');
    await expect(drawer.getByRole('checkbox')).toBeChecked();
    await tabTo(page, drawer.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Successfully updated!').first()).toBeVisible();
    await expect(drawer).toBeHidden();

    // Completed: open the row's drawer, close it with Escape, focus is back on the row's button.
    await tabTo(page, menuLink(page, '/Completed'), { back: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Completed$/);
    const opener = rowButton(page, complaint);
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('The bulb was replaced.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();
    await expectFocusVisible(page);
  });

  test('the alarm toast: Alt+Shift+A reaches its close button, Enter closes it', async ({ page, request, playwright, baseURL }) => {
    await signInWithKeyboard(page, LC_SECURITY);
    const redirect = page.getByRole('dialog', { name: 'Re-directing' });
    await tabTo(page, redirect.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await expect(redirect).toBeHidden();
    await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();

    const alarm = await raiseSos(request, LC_ALARM);
    // Announced: a role=alert holding the resident's name.
    const toast = alarmToast(page, alarm.resident);
    await expect(toast).toBeVisible();
    const close = toast.getByRole('button', { name: 'Close alarm' });
    await page.keyboard.press('Alt+Shift+A');
    await expect(close).toBeFocused();
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expect(toast).toBeHidden();

    const api = await playwright.request.newContext({ baseURL });
    await acknowledgeAllAlarms(api, LC_SECURITY);
    await api.dispose();
  });

  test('a button reached before its tooltip has loaded keeps focus when the tooltip arrives', async ({ page }) => {
    // The tooltip's chunk is held until the theme toggle has focus, as on a slow start.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route(/\/assets\/icon-tooltip-[\w-]+\.js$/, async (route) => {
      requested = true;
      await held;
      await route.continue();
    });
    await page.goto('/Login');
    await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Switch to dark theme' });
    await tabTo(page, toggle);
    await expect.poll(() => requested).toBe(true);
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    release();
    // The tooltip arrived and opens on the focused button; focus did not fall back to the page.
    await expect(page.getByRole('tooltip', { name: 'Switch to dark theme' })).toBeVisible();
    await expect(toggle).toBeFocused();
    await expectFocusVisible(page);
    // And the next Tab goes on to the form, not back to the page's start.
    await tabTo(page, page.getByLabel('Email'), { max: 1 });
  });
});
