import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'demo-pass-1';

/** Signs in through the login form and waits for the greeting. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/Login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(/^Hi .+, Dashboard!$/)).toBeVisible();
}

/** Files a complaint the way the mobile app does: resident sign-in, then POST /api/complain. */
export async function fileComplaint(request: APIRequestContext, phone: string, complain: string): Promise<{ _id: number }> {
  const login = await request.post('/api/resident/login', { data: { phone, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const res = await request.post('/api/complain', { data: { complain }, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { _id: number };
}
