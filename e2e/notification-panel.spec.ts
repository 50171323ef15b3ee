import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { residentAuth, restoreSignIn } from './helpers';

/**
 * /NotificationPanel (spec sections 2 and 8) as the notification desk and as super-admin:
 * Send to All ('Fetching...' while busy), send to one resident found by full name, the no-match
 * toast, and the live delivery report, its time written in the society's zone (DD/MM/YYYY, 12-hour)
 * by a browser that lives in another.
 */
test.use({ timezoneId: 'America/New_York' });

interface PanelResident {
  _id: number;
  residentId: string;
  name: string;
  phoneNo: string;
}
interface ResidentPage {
  items: PanelResident[];
  total: number;
}

/** The panel's resident search through the signed-in page's session. */
async function searchResidents(page: Page, name: string): Promise<ResidentPage> {
  const res = await page.request.get(`/api/notifications/residents?name=${encodeURIComponent(name)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ResidentPage;
}

/** The number of a figure of the delivery report ('Recipients', 'Sent', 'Failed', 'Pending'). */
const figure = (page: Page, label: string) => page.getByRole('region', { name: 'Delivery report' }).getByRole('group', { name: label }).locator('p').first();
const figureValue = async (page: Page, label: string) => Number((await figure(page, label).innerText()).replace(/\D/g, ''));

/**
 * An instant as the dashboard writes it `offsetHours` from UTC, computed here without Intl. The
 * demo societies are in Asia/Karachi (UTC+5 all year): '2026-11-25T23:55:08Z', 5 → '26/11/2026 4:55 AM'.
 */
function dateTimeAt(iso: string, offsetHours: number): string {
  const t = new Date(Date.parse(iso) + offsetHours * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const hour = t.getUTCHours();
  return `${two(t.getUTCDate())}/${two(t.getUTCMonth() + 1)}/${t.getUTCFullYear()} ${hour % 12 || 12}:${two(t.getUTCMinutes())} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** When the society's campaign titled `title` was sent (ISO 8601). */
async function sentAt(page: Page, title: string): Promise<string> {
  const campaigns = await page.request.get('/api/notifications/campaigns?page=1');
  expect(campaigns.status()).toBe(200);
  const sent = ((await campaigns.json()) as { items: { title: string; createdAt: string }[] }).items.find((c) => c.title === title);
  expect(sent, title).toBeDefined();
  return sent!.createdAt;
}

async function expectReport(page: Page, title: string, recipients: number): Promise<void> {
  const report = page.getByRole('region', { name: 'Delivery report' });
  await expect(report.getByText(title, { exact: true })).toBeVisible();
  await expect(report).toContainText(`, ${dateTimeAt(await sentAt(page, title), 5)}`);
  await expect(figure(page, 'Recipients')).toHaveText(recipients.toLocaleString('en-US'));
  // The outbox delivers in the background; the report polls until nothing is pending.
  await expect(figure(page, 'Pending')).toHaveText('0', { timeout: 15_000 });
  expect((await figureValue(page, 'Sent')) + (await figureValue(page, 'Failed'))).toBe(recipients);
}

for (const [who, email] of [
  ['the notification desk of Green Valley', 'notification@greenvalley.test'],
  ['super-admin of Lake City', 'super-admin@lakecity.test'],
] as const) {
  test(`${who} sends to all and to one resident, with live delivery reports`, async ({ page, request }) => {
    const stamp = `${who.split(' ')[0]}-${Date.now()}`;
    await restoreSignIn(page, email);
    await page.getByRole('navigation').getByRole('link', { name: 'Notification Panel' }).click();
    await expect(page).toHaveURL(/\/NotificationPanel$/);
    await expect(page.getByRole('heading', { name: 'Notification Panel' })).toBeVisible();
    const everyone = await searchResidents(page, '');
    expect(everyone.total).toBeGreaterThan(0);

    // A title is required: the spec's message, nothing sent.
    await page.getByLabel('Body').fill('Water will be off on Sunday from 10 am to 2 pm.');
    await page.getByRole('button', { name: 'Send to All' }).click();
    await expect(page.getByText('Please fill the required fields', { exact: true })).toBeVisible();

    // Send to All: the button reads 'Fetching...' until the server answers (held here until seen).
    const title = `Water ${stamp}`;
    await page.getByLabel('Title').fill(title);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/notifications/broadcast', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send to All' }).click();
    await expect(page.getByRole('button', { name: 'Fetching...' })).toBeDisabled();
    release();
    await expect(page.getByText('Push notifications sent to all users successfully.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send to All' })).toBeEnabled();
    await page.unroute('**/api/notifications/broadcast');
    await expectReport(page, title, everyone.total);

    // A wrong zone remembered by this browser is put right by GET /me: the screen drawn before its
    // answer (held here until the report shows) is drawn again in the society's zone.
    const report = page.getByRole('region', { name: 'Delivery report' });
    const at = await sentAt(page, title);
    await page.evaluate(() => window.localStorage.setItem('societyTimeZone', 'UTC'));
    let answerMe!: () => void;
    const meHeld = new Promise<void>((resolve) => (answerMe = resolve));
    await page.route('**/api/society/me', async (route) => {
      await meHeld;
      await route.continue();
    });
    await page.reload();
    await expect(report).toContainText(`${title} — to all residents, ${dateTimeAt(at, 0)}`);
    answerMe();
    await expect(report).toContainText(`${title} — to all residents, ${dateTimeAt(at, 5)}`);
    await page.unroute('**/api/society/me');

    // No resident by that name.
    await page.getByLabel('Full name').fill(`Nobody Panel ${stamp}`);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('No matching document found.', { exact: true })).toBeVisible();

    // One resident, found by full name (lower case: the search ignores case).
    // A demo resident (0300… / 0310…, signed in with the demo password below), not one another
    // spec registered with a password of its own.
    const target = everyone.items.find((r) => /^03[01]0\d{7}$/.test(r.phoneNo));
    if (!target) throw new Error('no demo resident on the first page of the panel');
    const sameName = await searchResidents(page, target.name);
    await page.getByLabel('Full name').fill(target.name.toLowerCase());
    await page.getByRole('button', { name: 'Verify' }).click();
    if (sameName.total > 1) {
      await page
        .getByRole('row')
        .filter({ hasText: target.residentId })
        .getByRole('button', { name: `Choose ${target.name}` })
        .click();
    }
    const picker = page.getByRole('region', { name: 'Send to one resident' });
    await expect(picker.getByText(target.residentId, { exact: true })).toBeVisible();
    await expect(picker.getByText(target.phoneNo, { exact: true })).toBeVisible();
    const oneTitle = `Parcel ${stamp}`;
    await page.getByLabel('Title').fill(oneTitle);
    await page.getByLabel('Body').fill('A parcel is waiting for you at the gate.');
    await picker.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Push notification sent successfully.', { exact: true })).toBeVisible();
    await expectReport(page, oneTitle, 1);
    await expect(page.getByRole('region', { name: 'Delivery report' }).getByText(/to one resident/)).toBeVisible();

    // The resident reads both messages in the app.
    const headers = await residentAuth(request, target.phoneNo);
    const inbox = await request.get('/api/resident/notifications', { headers });
    expect(inbox.status()).toBe(200);
    const titles = ((await inbox.json()) as { items: { title: string }[] }).items.map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining([title, oneTitle]));
  });
}
