import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD } from './helpers';
import { registerResident, residentBearer, uniqueName, type RegisteredResident } from './residents-helpers';

/** A phone's viewport (the resident app is mobile first). */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** The SOS button of the resident app (its accessible name says how to use it). */
export function sosButton(page: Page) {
  return page.getByRole('button', { name: /^Hold for 2 seconds to send an SOS alarm/ });
}

/** Signs a resident in through the app's form and waits for the SOS screen. */
export async function signInResident(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/app/sign-in');
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(sosButton(page)).toBeVisible();
}

/** Holds the SOS button with the mouse until the alarm card reads `until`, then lets go. */
export async function holdSosWithPointer(page: Page, until: RegExp | string): Promise<void> {
  const box = await sosButton(page).boundingBox();
  if (!box) throw new Error('the SOS button is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(page.getByTestId('alarm-card')).toContainText(until);
  await page.mouse.up();
}

/**
 * A resident of Green Valley of this test alone: registered through the resident API and approved
 * by the Status staff through theirs (the browser flow of both is its own test).
 */
export async function approvedResident(
  playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string | undefined,
  first: string,
): Promise<RegisteredResident> {
  const api = await playwright.request.newContext({ baseURL });
  const r = await registerResident(api, uniqueName(first));
  expect((await api.post('/api/society/login', { data: { email: 'status@greenvalley.test', password: PASSWORD } })).status()).toBe(200);
  const pending = await api.get('/api/residents/pending', { params: { q: r.name } });
  const row = ((await pending.json()) as { items: { _id: number; ResidentID: string }[] }).items.find((i) => i.ResidentID === r.residentID);
  expect(row, `pending row of ${r.residentID}`).toBeTruthy();
  expect((await api.put(`/api/residents/${row!._id}/status`, { data: { status: 'Approve' } })).status()).toBe(200);
  await api.dispose();
  return r;
}

/** An API client signed in as staff member `email` of the demo societies (dispose it when done). */
export async function staffApi(
  playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string | undefined,
  email: string,
): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post('/api/society/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return api;
}

/** Files a complaint as resident `r` through the resident API (POST /api/complain); its id. */
export async function fileResidentComplaint(request: APIRequestContext, r: RegisteredResident, complain: string): Promise<number> {
  const res = await request.post('/api/complain', { data: { complain }, headers: await residentBearer(request, r) });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { _id: number })._id;
}
