import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { calendarDay } from '../src/shared/calendar';
import { DEFAULT_TIME_ZONE } from '../src/shared/constants';
import { testServer, type StorageState, type TestServer } from './test';

export const PASSWORD = 'demo-pass-1';

/** Local storage key of the signed-in staff member (src/web/lib/current-user.ts). */
const CURRENT_USER_KEY = 'currentUser';

/** Signs in through the login form and waits for the greeting. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/Login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(/^Hi .+, Dashboard!$/)).toBeVisible();
}

/**
 * The session of `email` in `context`, checked on the server: the saved one when it still works,
 * else a new API sign-in, saved for the next test. A saved session ends when a test logs out, the
 * clock moves past the idle timeout or the member's sessions are revoked; GET /api/society/me says so.
 */
async function savedSession(server: TestServer, context: BrowserContext, email: string, password: string): Promise<StorageState> {
  const saved = server.signIns.get(email);
  if (saved) {
    await context.addCookies(saved.cookies);
    const me = await context.request.get('/api/society/me');
    if (me.ok()) return saved;
    expect(me.status(), `the saved session of ${email} is only ended`).toBe(401);
  }
  const login = await context.request.post('/api/society/login', { data: { email, password } });
  expect(login.status(), `${email} signs in`).toBe(200);
  const { user } = (await login.json()) as { user: unknown };
  const state: StorageState = {
    cookies: await context.cookies(server.url),
    origins: [{ origin: server.url, localStorage: [{ name: CURRENT_USER_KEY, value: JSON.stringify(user) }] }],
  };
  server.signIns.set(email, state);
  return state;
}

/**
 * Gives `page` the saved sign-in of staff member `email` (each member signs in once per worker;
 * see {@link savedSession}), opens `path` and, at '/', waits for the greeting. No login form and
 * so, for button-one accounts, no 'Re-directing' modal: that follows a sign-in, not a restored
 * session. Specs about signing in use {@link signIn}. @returns the member's name.
 */
export async function restoreSignIn(page: Page, email: string, path = '/', password = PASSWORD): Promise<string> {
  const server = testServer();
  const state = await savedSession(server, page.context(), email, password);
  const stored = state.origins[0]?.localStorage ?? [];
  // The stored user drives the shell; the page must be on the app's origin to write it.
  await page.goto('/api/health');
  await page.evaluate((items) => {
    for (const { name, value } of items) window.localStorage.setItem(name, value);
  }, stored);
  await page.goto(path);
  const name = (JSON.parse(stored.find((item) => item.name === CURRENT_USER_KEY)?.value ?? '{}') as { name?: string }).name ?? '';
  if (path === '/') await expect(page.getByText(`Hi ${name}, Dashboard!`, { exact: true })).toBeVisible();
  return name;
}

/**
 * A button-one screen from a saved sign-in ({@link restoreSignIn}): no 'Re-directing' modal, and
 * waits for Live. @returns the member's name.
 */
export async function restoreSecurity(page: Page, email = GV_SECURITY, path = '/'): Promise<string> {
  const name = await restoreSignIn(page, email, path);
  await expectLive(page);
  await expect(page.getByRole('dialog', { name: 'Re-directing' })).toHaveCount(0);
  return name;
}

/**
 * Clicks Log Out and waits for the sign-in page: the browser's session ends only when the server
 * has answered, and a /Login loaded before that still finds the member and goes to the dashboard.
 */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/Login$/);
}

/**
 * Opens a dashboard screen through its menu link and waits until it is drawn with its data: the
 * screen's own element (`data-screen`, set when its chunk has rendered), no query loading (the main
 * area's `data-fetching`), no loader, and the first table's first row (or its empty text). Widths
 * and colours are final then.
 */
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.getByRole('navigation').locator(`a[href="${path}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await screenDrawn(page, path);
}

/** Waits for the screen at `path` to be drawn with its data (see {@link openScreen}). */
export async function screenDrawn(page: Page, path: string): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.locator(`[data-screen="${path}"]`)).toBeAttached();
  await expect(main).toHaveAttribute('data-fetching', '0');
  await expect(main.locator('.mantine-Loader-root')).toHaveCount(0);
  const table = main.locator('table').first();
  if ((await table.count()) > 0) await expect(table.locator('tbody tr').first()).toBeAttached();
}

/** Files a complaint the way the mobile app does: resident sign-in, then POST /api/complain. */
export async function fileComplaint(request: APIRequestContext, phone: string, complain: string): Promise<{ _id: number }> {
  const res = await request.post('/api/complain', { data: { complain }, headers: await residentAuth(request, phone) });
  expect(res.status()).toBe(201);
  return (await res.json()) as { _id: number };
}

export const GV_SECURITY = 'security@greenvalley.test';
export const LC_SECURITY = 'security@lakecity.test';

/** Signs in a button-one account and dismisses the 'Re-directing' modal (spec section 1). */
export async function signInSecurity(page: Page, email = GV_SECURITY): Promise<string> {
  await signIn(page, email);
  const modal = page.getByRole('dialog', { name: 'Re-directing' });
  await modal.getByRole('button', { name: 'Continue' }).click();
  await expect(modal).toBeHidden();
  await expectLive(page);
  const greeting = await page.getByText(/^Hi .+, Dashboard!$/).innerText();
  return greeting.replace(/^Hi (.+), Dashboard!$/, '$1');
}

/** Waits until the page's live connection is up (the header badge). */
export async function expectLive(page: Page): Promise<void> {
  await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
}

// Resident sign-in is rate limited (20 a minute per address): sign each resident in once per run.
const residentTokens = new Map<string, string>();

/** Resident sign-in of the mobile app: the bearer header for the resident API (cached per phone). */
export async function residentAuth(request: APIRequestContext, phone: string): Promise<{ authorization: string }> {
  let token = residentTokens.get(phone);
  if (!token) {
    const login = await request.post('/api/resident/login', { data: { phone, password: PASSWORD } });
    expect(login.status(), `resident ${phone} signs in`).toBe(200);
    token = ((await login.json()) as { token: string }).token;
    residentTokens.set(phone, token);
  }
  return { authorization: `Bearer ${token}` };
}

export interface ResidentCardLike {
  name: string;
  phoneNo: string;
  address: string;
  email: string;
  age: number | null;
  designation: string;
  owner: boolean;
  fmName: string;
  fmphoneNo: string;
  fmName1: string;
  fmphoneNo1: string;
}

export interface RaisedAlarm {
  _id: number;
  resident: ResidentCardLike;
}

/** A resident presses SOS (POST /api/security): the resident's own view of the alarm (ZResidentAlarm). */
export async function raiseSos(request: APIRequestContext, phone: string, securityComplain?: string): Promise<RaisedAlarm> {
  const headers = await residentAuth(request, phone);
  const res = await request.post('/api/security', { data: securityComplain ? { securityComplain } : {}, headers });
  expect(res.status()).toBe(201);
  return (await res.json()) as RaisedAlarm;
}

/** The alarm toast of a resident (found by name and phone: names can repeat, phones cannot). */
export function alarmToast(page: Page, resident: Pick<ResidentCardLike, 'name' | 'phoneNo'>) {
  return page.getByRole('alert').filter({ hasText: resident.name }).filter({ hasText: resident.phoneNo });
}

/** The hidden element mirroring the real Web Audio state of the siren. */
export function alarmSound(page: Page) {
  return page.getByTestId('alarm-sound');
}

export interface FiledNotHome {
  _id: number;
  from: string;
  to: string;
  resident: ResidentCardLike;
}

/** YYYY-MM-DD, `days` from today in the demo societies' calendar (their time zone, as the server reads the dates). */
export function isoDay(days: number): string {
  return calendarDay(new Date(Date.now() + days * 86_400_000), DEFAULT_TIME_ZONE);
}

/** '2026-11-21' → '21/11/2026' (how the tables show dates). */
export function shownDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** A resident files a not-at-home request (POST /api/nothome). */
export async function fileNotHome(request: APIRequestContext, phone: string, from: string, to: string): Promise<FiledNotHome> {
  const headers = await residentAuth(request, phone);
  const res = await request.post('/api/nothome', { data: { from, to }, headers });
  expect(res.status()).toBe(201);
  return (await res.json()) as FiledNotHome;
}

/** The resident cancels (PUT /api/nothome/:id/cancel) or reports arrival (…/arrived). */
export async function endNotHome(request: APIRequestContext, phone: string, id: number, how: 'cancel' | 'arrived'): Promise<void> {
  const headers = await residentAuth(request, phone);
  const res = await request.put(`/api/nothome/${id}/${how}`, { headers });
  expect(res.status()).toBe(200);
}

/**
 * Acknowledges every pending alarm of the staff member's society through the API, so no test
 * leaves a ringing alarm behind for the next one.
 */
export async function acknowledgeAllAlarms(request: APIRequestContext, email: string): Promise<void> {
  const login = await request.post('/api/society/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const pending = await request.get('/api/security/alarms');
  expect(pending.status()).toBe(200);
  const { items } = (await pending.json()) as { items: { _id: number }[] };
  for (const { _id } of items) expect((await request.post(`/api/security/${_id}/acknowledge`)).status()).toBe(200);
}

/**
 * Shows every optional column of the screen's table with its Columns button, then checks that the
 * headers are `titles` in that order (the spec's columns; the Columns button is not a column).
 */
export async function expectAllColumns(page: Page, titles: readonly string[]): Promise<void> {
  await page.getByRole('button', { name: 'Columns' }).click();
  const choices = page.getByRole('group', { name: 'Columns shown' }).getByRole('checkbox');
  await expect(choices.first()).toBeVisible();
  for (const choice of await choices.all()) await choice.check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('table').first().getByRole('columnheader')).toHaveText(titles.map((title) => new RegExp(`^${title}$`)));
}

/**
 * Runs `npm run admin -- <argv>` (compiled, as the server is) against this worker's test server:
 * the command goes through its operator socket in its data folder. @returns what it printed.
 * @throws unless exit 0.
 */
export async function operator(...argv: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['dist/server/operator/cli.js', ...argv], {
    env: { ...process.env, DATA_DIR: testServer().dataDir, DATABASE_URL: '' },
  });
  return stdout;
}

/** Moves the test server's clock `hours` forward (TEST_CLOCK=1): deadlines, escalations and "today" follow it. */
export async function shiftClock(hours: number): Promise<void> {
  await operator('clock:shift', '--hours', String(hours));
}

/** The test server's clock back to real time; specs that shift it call this in afterEach. */
export async function resetClock(): Promise<void> {
  await operator('clock:reset');
}

/**
 * A page of `email`, signed in through the API in a new context of `browser` and opened at `path`
 * without a click or a key on it: the browser then gives the page no user gesture (Chromium also
 * lets audio start after a same-origin reload of a page the user clicked on). Waits for Live.
 */
export async function untouchedPage(browser: Browser, email: string, path: string, baseURL?: string): Promise<Page> {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const login = await context.request.post('/api/society/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const { user } = (await login.json()) as { user: unknown };
  await context.addInitScript((stored) => window.localStorage.setItem('currentUser', JSON.stringify(stored)), user);
  const page = await context.newPage();
  await page.goto(path);
  await expectLive(page);
  return page;
}
