import type { Browser, Page } from '@playwright/test';
import { expect, test } from './test';
import {
  acknowledgeAllAlarms,
  alarmSound,
  alarmToast,
  expectLive,
  fileComplaint,
  fileNotHome,
  GV_SECURITY,
  isoDay,
  LC_SECURITY,
  raiseSos,
  signIn,
  signInSecurity,
  untouchedPage,
} from './helpers';

// Residents used here only (see e2e/not-home.spec.ts for 51–53): GV0054, GV0055 and LC0005.
const GV_A = '03000000054';
const GV_B = '03000000055';
const LC_A = '03100000005';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe('security alarms', () => {
  // No test leaves a ringing alarm for the next one (or for the other spec files).
  test.afterEach(async ({ playwright, baseURL }) => {
    for (const email of [GV_SECURITY, LC_SECURITY]) {
      const api = await playwright.request.newContext({ baseURL });
      await acknowledgeAllAlarms(api, email);
      await api.dispose();
    }
  });

  test('an SOS shows a persistent toast with the resident, the siren plays, closing acknowledges', async ({ page, request }) => {
    const staffName = await signInSecurity(page);
    await expect(page.getByText(/^\d+ security staff online$/)).toBeVisible();
    // The resident is away: the toast warns of a possible break-in.
    await fileNotHome(request, GV_B, isoDay(0), isoDay(3));
    // The desk's toast says so below ('Resident is away'); the resident's own press answer carries no such flag.
    const alarm = await raiseSos(request, GV_B, 'Someone is at the back door');

    const toast = alarmToast(page, alarm.resident);
    await expect(toast).toBeVisible();
    const r = alarm.resident;
    for (const text of [r.name, r.phoneNo, r.address, r.email, r.designation, r.fmName, r.fmphoneNo, r.fmName1, r.fmphoneNo1, String(r.age)]) {
      await expect(toast).toContainText(text);
    }
    await expect(toast.getByText(r.owner ? 'Owner' : 'Tenant', { exact: true })).toBeVisible();
    await expect(toast.getByText(/^Pressed at \d{1,2}:\d{2} [AP]M on \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    // Pressed again while unacknowledged: merged into the same alarm, the toast counts the presses.
    await raiseSos(request, GV_B);
    const again = await raiseSos(request, GV_B);
    expect(again._id).toBe(alarm._id);
    await expect(toast.getByText(/^Pressed 3 times, last at \d{1,2}:\d{2}:\d{2} [AP]M$/)).toBeVisible();
    await expect(toast).toHaveCount(1);
    await expect(toast.getByText('Resident is away (not at home)')).toBeVisible();
    await expect(toast).toContainText('possible break-in');

    // The siren runs in a running AudioContext (real Web Audio state, not a timer).
    await expect(alarmSound(page)).toHaveAttribute('data-state', 'playing');
    await expect(alarmSound(page)).toHaveAttribute('data-context', 'running');

    // Persistent: an ordinary toast shown after it closes by itself (3 s); the alarm stays.
    await page.getByRole('navigation').getByRole('link', { name: 'Not at home' }).click();
    await page.getByRole('row').nth(1).getByRole('button', { name: 'Action' }).click();
    await page.getByRole('dialog', { name: 'Not at Home Details' }).getByRole('button', { name: 'Proceed' }).click();
    const ordinary = page.getByText('Please fill in the Guard Name field.');
    await expect(ordinary).toBeVisible();
    await expect(ordinary).toBeHidden({ timeout: 8_000 });
    await expect(toast).toBeVisible();
    await expect(alarmSound(page)).toHaveAttribute('data-state', 'playing');
    await page.keyboard.press('Escape');

    await toast.getByRole('button', { name: 'Close alarm' }).click();
    await expect(toast).toBeHidden();
    await expect(alarmSound(page)).toHaveAttribute('data-state', 'stopped');

    // The acknowledgement is recorded: the alarm has left the pending inbox, with who and when.
    const pending = (await (await page.request.get('/api/security/alarms')).json()) as { items: { _id: number }[] };
    expect(pending.items.map((a) => a._id)).not.toContain(alarm._id);
    const stored = (await (await page.request.get(`/api/security/${alarm._id}`)).json()) as { acknowledgedBy: string; ackSeconds: number };
    expect(stored.acknowledgedBy).toBe(staffName);
    expect(stored.ackSeconds).toBeGreaterThan(0);
  });

  test('without a user gesture the siren is blocked and says so; a click enables it', async ({ browser, request }) => {
    // Signed in without touching the page (Chromium also lets audio start after a same-origin
    // reload of a page the user clicked on, so the session is set up through the API).
    const page = await untouchedPage(browser, GV_SECURITY, '/');
    const alarm = await raiseSos(request, GV_A);
    await expect(alarmToast(page, alarm.resident)).toBeVisible();
    await expect(alarmSound(page)).toHaveAttribute('data-state', 'blocked');
    const hint = page.getByRole('button', { name: 'Sound blocked — click to enable' });
    await expect(hint).toBeVisible();
    await hint.click();
    await expect(alarmSound(page)).toHaveAttribute('data-state', 'playing');
    await expect(hint).toBeHidden();
    await page.context().close();
  });

  test('alarms raised while the page was offline appear when it comes back, each once', async ({ page, context, request }) => {
    await signInSecurity(page);
    await context.setOffline(true);
    await expect(page.getByText('You are currently offline')).toBeVisible();
    const first = await raiseSos(request, GV_A);
    const second = await raiseSos(request, GV_B);
    await context.setOffline(false);

    await expect(alarmToast(page, first.resident)).toBeVisible({ timeout: 15_000 });
    await expect(alarmToast(page, second.resident)).toBeVisible();
    await expect(alarmSound(page)).toHaveAttribute('data-state', 'playing');
    // A live alarm after the catch-up arrives on the same connection, after anything the catch-up
    // (fetch on connect) could have duplicated.
    const third = await raiseSos(request, '03000000053');
    await expect(alarmToast(page, third.resident)).toBeVisible();
    for (const alarm of [first, second, third]) await expect(alarmToast(page, alarm.resident)).toHaveCount(1);

    // One after another, as a guard would: a closing toast collapses and the ones below slide up,
    // so the next close button is clicked once the previous toast is gone (a click during the
    // slide lands beside the button, as a hurried finger's would).
    for (const alarm of [first, second, third]) {
      const toast = alarmToast(page, alarm.resident);
      await toast.getByRole('button', { name: 'Close alarm' }).click();
      await expect(toast).toBeHidden();
    }
    await expect(alarmSound(page)).toHaveAttribute('data-state', 'stopped');
  });

  test('an alarm acknowledged elsewhere while this screen was offline stops ringing when it comes back', async ({
    page,
    context,
    request,
    playwright,
    baseURL,
  }) => {
    const staffName = await signInSecurity(page);
    const alarm = await raiseSos(request, GV_A);
    const toast = alarmToast(page, alarm.resident);
    await expect(toast).toBeVisible();
    await expect(alarmSound(page)).toHaveAttribute('data-state', 'playing');

    await context.setOffline(true);
    await expect(page.getByText('You are currently offline')).toBeVisible();
    const elsewhere = await playwright.request.newContext({ baseURL });
    await acknowledgeAllAlarms(elsewhere, GV_SECURITY);
    await elsewhere.dispose();
    await context.setOffline(false);

    await expect(alarmSound(page)).toHaveAttribute('data-state', 'stopped', { timeout: 15_000 });
    await expect(toast.getByText(new RegExp(`^Acknowledged by ${staffName} after [\\d.]+ s$`))).toBeVisible();
  });

  test('an alarm acknowledged on one screen stops ringing on the other, which says who', async ({ browser, request }) => {
    const pageA = await newPage(browser);
    const pageB = await newPage(browser);
    const nameA = await signInSecurity(pageA);
    await signInSecurity(pageB);

    const alarm = await raiseSos(request, GV_A);
    const toastA = alarmToast(pageA, alarm.resident);
    const toastB = alarmToast(pageB, alarm.resident);
    await expect(toastA).toBeVisible();
    await expect(toastB).toBeVisible();
    await expect(alarmSound(pageA)).toHaveAttribute('data-state', 'playing');
    await expect(alarmSound(pageB)).toHaveAttribute('data-state', 'playing');

    await toastA.getByRole('button', { name: 'Close alarm' }).click();
    await expect(toastA).toBeHidden();
    await expect(alarmSound(pageA)).toHaveAttribute('data-state', 'stopped');
    // The other screen stops within a second (plus test overhead) and says who answered.
    await expect(alarmSound(pageB)).toHaveAttribute('data-state', 'stopped', { timeout: 2_000 });
    await expect(toastB.getByText(new RegExp(`^Acknowledged by ${nameA} after [\\d.]+ s$`))).toBeVisible();

    // Closing a toast someone else already acknowledged just closes it.
    await toastB.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(toastB).toBeHidden();
    await expect(pageB.getByRole('alert').filter({ hasText: /error|could not|not recorded/i })).toHaveCount(0);
    const stored = (await (await pageA.request.get(`/api/security/${alarm._id}`)).json()) as { acknowledgedBy: string };
    expect(stored.acknowledgedBy).toBe(nameA);

    await pageA.context().close();
    await pageB.context().close();
  });

  test("Lake City's security and Green Valley's complaints staff see nothing of a Green Valley alarm", async ({ browser, request }) => {
    // Three screens signed in one after another: 20-31 s on a slow 2-core machine, past the default 30 s.
    test.setTimeout(60_000);
    const gv = await newPage(browser);
    const lc = await newPage(browser);
    const complaints = await newPage(browser);
    await signInSecurity(gv);
    await signInSecurity(lc, LC_SECURITY);
    await signIn(complaints, 'complaints@greenvalley.test');
    await expectLive(complaints);

    const gvAlarm = await raiseSos(request, GV_B);
    await expect(alarmToast(gv, gvAlarm.resident)).toBeVisible();

    // Events reach a screen in the order they were sent: once Lake City shows its own later
    // alarm, the Green Valley one would already be there if it had been sent.
    const lcAlarm = await raiseSos(request, LC_A);
    await expect(alarmToast(lc, lcAlarm.resident)).toBeVisible();
    await expect(alarmToast(lc, gvAlarm.resident)).toHaveCount(0);
    await expect(alarmToast(gv, lcAlarm.resident)).toHaveCount(0);

    // Complaints staff: a complaint filed after the alarm arrives live; no alarm toast, no siren.
    const text = `Barrier after the alarm ${Date.now()}`;
    await fileComplaint(request, GV_B, text);
    await expect(complaints.getByRole('row').filter({ hasText: text })).toBeVisible();
    await expect(alarmToast(complaints, gvAlarm.resident)).toHaveCount(0);
    await expect(alarmSound(complaints)).toHaveCount(0);

    for (const p of [gv, lc, complaints]) await p.context().close();
  });

  test('an alarm goes Security → Processing → Completed, and the completed drawer shows who acknowledged it', async ({ page, request }) => {
    const staffName = await signInSecurity(page);
    const marker = `Lifecycle ${Date.now()}`;
    const alarm = await raiseSos(request, GV_A, marker);
    const toast = alarmToast(page, alarm.resident);
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Close alarm' }).click();
    await expect(toast).toBeHidden();

    // /Security: the row is there (time and date), the drawer proceeds with the issue note.
    await page.getByRole('navigation').getByRole('link', { name: 'Security', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Security alerts' })).toBeVisible();
    // The menu click may still be settling (already on /Security, it navigates to the bare path
    // and clears the box): type until the search has reached the URL.
    await expect(async () => {
      await page.getByPlaceholder(/search/i).fill(marker);
      await expect(page).toHaveURL(/q=Lifecycle/, { timeout: 2_000 });
    }).toPass();
    const row = page.getByRole('row').filter({ hasText: alarm.resident.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(/\d{1,2}:\d{2} [AP]M/);
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await row.getByRole('button', { name: 'Action' }).click();
    let drawer = page.getByRole('dialog', { name: 'Security Details' });
    await expect(drawer.getByText('Date', { exact: true })).toBeVisible();
    const note = `${marker}: guard sent to the back gate`;
    await drawer.getByPlaceholder('Write security issue here!').fill(note);
    await drawer.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText('Successfully updated!')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: alarm.resident.name })).toHaveCount(0);

    // /ProcessSec: the complaint, Response, checkbox, Submit with the spec's message.
    await page.getByRole('navigation').getByRole('link', { name: 'Processing' }).first().click();
    await expect(page).toHaveURL(/\/ProcessSec/);
    await page.getByPlaceholder(/search/i).fill(marker);
    await page.getByRole('row').filter({ hasText: alarm.resident.name }).getByRole('button', { name: 'Action' }).click();
    drawer = page.getByRole('dialog', { name: 'Security Details' });
    await expect(drawer.getByText(note)).toBeVisible();
    await drawer.getByLabel('Response').fill('Checked the back gate: all clear');
    await drawer.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please check Response and Checkbox is enable!')).toBeVisible();
    await drawer.getByRole('checkbox').check();
    // The Proceed's 'Successfully updated!' may still be on screen: the PUT's answer, not the
    // toast, says that this Submit went through.
    const submitted = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/security/${alarm._id}` && r.request().method() === 'PUT');
    await drawer.getByRole('button', { name: 'Submit' }).click();
    expect((await submitted).status()).toBe(200);
    await expect(page.getByText('Successfully updated!')).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: alarm.resident.name })).toHaveCount(0);

    // /CompletedSecurity: read-only Complaint and Response, who acknowledged and how fast.
    await page.getByRole('navigation').getByRole('link', { name: 'Completed' }).first().click();
    await expect(page).toHaveURL(/\/CompletedSecurity/);
    await page.getByPlaceholder(/search/i).fill(marker);
    await page.getByRole('row').filter({ hasText: alarm.resident.name }).getByRole('button', { name: 'Action' }).click();
    drawer = page.getByRole('dialog', { name: 'Security Details' });
    await expect(drawer.getByText(note)).toBeVisible();
    // The resident's own words stay beside the staff's note (Proceed does not replace them).
    await expect(drawer.getByText(marker, { exact: true })).toBeVisible();
    await expect(drawer.getByText('Checked the back gate: all clear')).toBeVisible();
    await expect(drawer.getByText(new RegExp(`^Acknowledged by ${staffName} after [\\d.]+ s$`))).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Proceed' })).toHaveCount(0);
    await expect(drawer.getByRole('heading', { name: 'History' })).toBeVisible();
  });
});
