import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

/**
 * A staff member the operator adds (`npm run admin`, through the running server's operator
 * socket) signs in with the temporary password, must choose their own before anything else, and
 * then sees their sub-role's menu; "My account" changes it again later.
 */
async function admin(...argv: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/operator/cli.ts', ...argv], {
    env: { ...process.env, DATA_DIR: 'data-e2e', DATABASE_URL: '' },
  });
  return stdout;
}

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
