import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { fileComplaint, restoreSignIn } from './helpers';

/** The complaints (text 'Exported <word> <n>') of the table's rows on screen, top to bottom. */
async function complaintsOnScreen(page: Page, word: string): Promise<string[]> {
  const texts = await page.getByRole('row').filter({ hasText: word }).allInnerTexts();
  return texts.map((t) => new RegExp(`Exported ${word} \\d+`).exec(t)?.[0] ?? t);
}

test.describe('list exports', () => {
  test('Export downloads the filtered stage as .xlsx: the rows of every page of the table, newest first', async ({ page, request }) => {
    const word = `export${Date.now()}`;
    // Twelve: more than the table's one page of ten.
    for (let i = 0; i < 12; i++) await fileComplaint(request, '03000000025', `Exported ${word} ${i}`);
    await restoreSignIn(page, 'complaints@greenvalley.test');
    await page.goto(`/Complaints?q=${word}`);
    await expect(page.getByText(/^1–10 of 12$/)).toBeVisible();
    const shown = await complaintsOnScreen(page, word);
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(page.getByText(/^11–12 of 12$/)).toBeVisible();
    shown.push(...(await complaintsOnScreen(page, word)));
    expect(shown).toHaveLength(12);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^complaints-new-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page.getByText('Exported 12 rows.')).toBeVisible();

    const wb = XLSX.read(await readFile((await download.path())!), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]!]!);
    expect(rows.map((r) => r.Complaint)).toEqual(shown);
    expect(rows.every((r) => typeof r.Filed === 'number')).toBe(true);
    const about = XLSX.utils.sheet_to_json<[string, string]>(wb.Sheets.About!, { header: 1 });
    expect(about).toContainEqual(['Search', word]);
  });

  test('Export after the session expired signs the member out, like any call answered 401', async ({ page }) => {
    await restoreSignIn(page, 'complaints@greenvalley.test');
    await page.goto('/Complaints');
    await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
    // The server no longer knows the session: the cookie is gone, the page still shows the member.
    await page.context().clearCookies();
    const refused = page.waitForResponse((r) => r.url().includes('/export') && r.status() === 401);
    await page.getByRole('button', { name: 'Export' }).click();
    await refused;
    await expect(page).toHaveURL(/\/Login/);
    await expect(page.getByText('Please sign in.').first()).toBeVisible();
  });
});
