import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { totpCode } from '../src/server/modules/auth/two-factor';
import { operator as admin } from './helpers';

/**
 * A staff member the operator adds (`npm run admin`, through the running server's operator
 * socket) signs in with the temporary password, must choose their own before anything else, and
 * then sees their sub-role's menu; "My account" changes it again later.
 */
test('a new member signs in with a temporary password, chooses their own, then sees the complaints menu', async ({ page }) => {
  const email = `new-${randomUUID().slice(0, 8)}@greenvalley.test`;
  const out = await admin('staff:create', '--society', 'GV', '--email', email, '--name', 'Nadia Aslam', '--sub-role', 'complian');
  const temporary = /Temporary password: (\S+)/.exec(out)![1]!;

  await page.goto('/Login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(temporary);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Complaints' })).toHaveCount(0);

  await page.getByLabel('Temporary password').fill(temporary);
  await page.getByLabel('New password').fill('password123');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText(/^This password is too easy to guess\./).first()).toBeVisible();

  await page.getByLabel('New password').fill('orchid-lantern-quarry-48');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(nav.getByRole('link', { name: 'Complaints' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toHaveCount(0);

  await page.getByRole('button', { name: 'My account' }).click();
  const dialog = page.getByRole('dialog', { name: 'My account' });
  await dialog.getByLabel('Current password').fill('wrong-password-0');
  await dialog.getByLabel('New password').fill('marble-cactus-river-93');
  await dialog.getByRole('button', { name: 'Save password' }).click();
  await expect(dialog.getByText('The current password is not right.')).toBeVisible();
});

/** A new complaints member who has chosen their password, signed in on `page`; returns the email and password. */
async function memberSignedIn(page: Page) {
  const email = `tf-${randomUUID().slice(0, 8)}@greenvalley.test`;
  const out = await admin('staff:create', '--society', 'GV', '--email', email, '--name', 'Hamza Rauf', '--sub-role', 'complian');
  const temporary = /Temporary password: (\S+)/.exec(out)![1]!;
  const password = 'lantern-orchid-quarry-84';
  await page.goto('/Login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(temporary);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Temporary password').fill(temporary);
  await page.getByLabel('New password').fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Complaints' })).toBeVisible();
  return { email, password };
}

test('two-factor: enrol with a code computed from the secret, then a sign-in asks for the code', async ({ page }) => {
  const { email, password } = await memberSignedIn(page);
  await page.getByRole('button', { name: 'My account' }).click();
  const dialog = page.getByRole('dialog', { name: 'My account' });
  await dialog.getByRole('tab', { name: 'Two-factor sign-in' }).click();
  await dialog.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dialog.getByLabel('Secret key').innerText()).trim();
  await dialog.getByLabel('Code from the app').fill('000000' === totpCode(secret, Date.now()) ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('That code is not right.', { exact: false })).toBeVisible();
  await dialog.getByLabel('Code from the app').fill(totpCode(secret, Date.now()));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Two-factor sign-in is on')).toBeVisible();
  await expect(dialog.getByLabel('Recovery codes').locator('code')).toHaveCount(10);
  await dialog.getByRole('tab', { name: 'Sessions' }).click();
  await expect(dialog.getByRole('table', { name: 'Your sessions' }).getByText('This one')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  // The confirm used the current step's code: the next step's is still within the accepted window.
  await page.getByLabel('Code').fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Complaints' })).toBeVisible();
});
