import { expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A real 64×64 PNG (7.8 kB), written once with sharp. */
export const POST_IMAGE = fileURLToPath(new URL('./fixtures/post-image.png', import.meta.url));
/** A real 1-second 32×32 WebM (VP8, 1.1 kB), recorded once from a canvas with Chromium's MediaRecorder. */
export const POST_VIDEO = fileURLToPath(new URL('./fixtures/post-video.webm', import.meta.url));

export const GV_CMS = 'cms@greenvalley.test';
export const GV_CMS_ALL = 'cms-all@greenvalley.test';
export const GV_DISCOUNTS = 'discounts@greenvalley.test';
export const GV_PLOTS = 'plots@greenvalley.test';

/** The same image `count` times under different names (for the too-many checks). */
export function imageCopies(count: number) {
  const buffer = readFileSync(POST_IMAGE);
  return Array.from({ length: count }, (_, i) => ({ name: `post-image-${i + 1}.png`, mimeType: 'image/png', buffer }));
}

/** A text no other test (or run) uses. */
export function uniqueText(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** A toast with this text (Mantine notifications are role="alert"). */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Expects the toast, then closes it so the next identical message is seen afresh. */
export async function expectToast(page: Page, text: string): Promise<void> {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  // Close it now (it would close itself after 3 s): the same message next time is a new toast.
  await shown
    .getByRole('button')
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(shown).toHaveCount(0);
}

/** 'Add Post' reveals the form and hides itself (spec section 4). */
export async function openForm(page: Page, formName: string): Promise<Locator> {
  const add = page.getByRole('button', { name: 'Add Post' });
  await add.click();
  await expect(add).toBeHidden();
  const form = page.getByRole('form', { name: formName });
  await expect(form).toBeVisible();
  return form;
}

/** The media picker named `label` inside the form. */
export function picker(form: Locator, label: string): Locator {
  return form.getByRole('group', { name: label, exact: true });
}

/** Chooses files in a picker (its hidden file input). */
export async function pickFiles(form: Locator, label: string, files: Parameters<Locator['setInputFiles']>[0]): Promise<void> {
  await picker(form, label).locator('input[type="file"]').setInputFiles(files);
}

/** Waits until the picker shows `count` uploaded previews (each upload finished). */
export async function expectUploaded(form: Locator, label: string, count: number): Promise<void> {
  const group = picker(form, label);
  await expect(group.getByRole('progressbar')).toHaveCount(0);
  await expect(group.getByRole('button', { name: 'Remove media' })).toHaveCount(count);
}

/** Picks a Mantine Select option by the field's label. */
export async function choose(form: Locator, label: string, option: string): Promise<void> {
  await form.getByRole('combobox', { name: label, exact: true }).click();
  await form.page().getByRole('option', { name: option, exact: true }).click();
}

/** Saves the form; resolves with the POST's status. */
export async function save(form: Locator, path: string): Promise<number> {
  const page = form.page();
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Save' }).click();
  return (await answered).status();
}

/** Saves the form expecting the browser to refuse it with `message` (no request is sent). */
export async function saveRefused(page: Page, form: Locator, message: string): Promise<void> {
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, message);
  await expect(form).toBeVisible();
}

/** The list row holding `text`, found through the list's search box. */
export async function findRow(page: Page, table: string, text: string): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  const rows = page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });
  await expect(rows).toHaveCount(1);
  return rows;
}

/** Delete through the dialog: Cancel keeps the row, Delete removes it with 'Post deleted successfully'. */
export async function deleteRow(page: Page, table: string, row: Locator): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Are you sure you want to delete this post?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: 'Delete' }).click();
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  expect((await deleted).ok()).toBe(true);
  await expect(toast(page, 'Post deleted successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('table', { name: table })).toBeVisible();
}
