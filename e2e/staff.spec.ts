import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { signIn } from './helpers';
import { choose } from './posts-helpers';

/**
 * /Staff as a super-admin uses it, with the member's own browser open beside: add a complaints
 * member (the temporary password is shown once), who signs in with it, must choose their own,
 * and sees the complaints menu; a new sub-role reaches the member's open screen; disabling the
 * member sends that screen to /Login; the audit log shows each step.
 */
async function openMember(admin: Page, email: string) {
  await admin.getByPlaceholder('Search by name or email').fill(email);
  // The header row and the one match: the search has been answered (not an earlier page's row).
  await expect(admin.getByRole('row')).toHaveCount(2);
  const row = admin.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Manage' }).click();
  return admin.getByRole('dialog', { name: 'Staff member' });
}

test('a super-admin adds a member, changes their sub-role and disables them; the member’s open screen follows', async ({ page: admin, browser }) => {
  // Two browser contexts and three account changes, each waited for on both screens.
  test.setTimeout(60_000);
  const email = `desk-${randomUUID().slice(0, 8)}@greenvalley.test`;
  await signIn(admin, 'super-admin@greenvalley.test');
  await admin.getByRole('navigation').getByRole('link', { name: 'Staff' }).click();
  await expect(admin.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();

  await admin.getByRole('button', { name: 'Add staff member' }).click();
  const form = admin.getByRole('dialog', { name: 'Add staff member' });
  await form.getByRole('button', { name: 'Add staff member' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await form.getByLabel('Name').fill('Nadia Aslam');
  await form.getByLabel('Email').fill(email);
  await choose(form, 'Sub-role', 'Complaints desk (complian)');
  await form.getByRole('button', { name: 'Add staff member' }).click();
  const shown = admin.getByRole('dialog', { name: 'Temporary password' });
  const temporary = (await shown.getByLabel('Temporary password').innerText()).trim();
  expect(temporary).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  await shown.getByRole('button', { name: 'Done' }).click();

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto('/Login');
  await member.getByLabel('Email').fill(email);
  await member.getByLabel('Password', { exact: true }).fill(temporary);
  await member.getByRole('button', { name: 'Login' }).click();
  await member.getByLabel('Temporary password').fill(temporary);
  await member.getByLabel('New password').fill('orchid-lantern-quarry-48');
  await member.getByRole('button', { name: 'Save password' }).click();
  const memberNav = member.getByRole('navigation');
  await expect(memberNav.getByRole('link', { name: 'Complaints' })).toBeVisible();
  await expect(memberNav.getByRole('link', { name: 'Security', exact: true })).toHaveCount(0);

  const drawer = await openMember(admin, email);
  await expect(drawer.getByText('Active')).toBeVisible();
  await choose(drawer, 'Sub-role', 'Security desk (button-one)');
  await drawer.getByRole('button', { name: 'Save sub-role' }).click();
  await expect(admin.getByText('Sub-role changed')).toBeVisible();
  await expect(memberNav.getByRole('link', { name: 'Security', exact: true })).toBeVisible({ timeout: 10_000 });

  await drawer.getByRole('button', { name: 'Disable' }).click();
  await admin.getByRole('dialog', { name: 'Disable account' }).getByRole('button', { name: 'Disable' }).click();
  await expect(drawer.getByText('Disabled')).toBeVisible();
  await expect(member).toHaveURL(/\/Login$/, { timeout: 10_000 });
  await memberContext.close();

  await expect(drawer.getByRole('button', { name: 'Enable' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The audit log has all of it, newest first.
  await admin.getByRole('navigation').getByRole('link', { name: 'Audit log' }).click();
  await choose(admin.locator('main'), 'Module', 'Staff');
  const rows = admin.getByRole('row').filter({ hasText: 'Nadia Aslam' });
  for (const action of ['Account disabled', 'Sub-role changed', 'Password changed', 'Signed in', 'Created']) {
    await expect(rows.filter({ has: admin.getByRole('cell', { name: action, exact: true }) }).first()).toBeVisible();
  }
  await expect(rows.filter({ hasText: 'Complaints desk (complian) → Security desk (button-one)' })).toHaveCount(1);
});
