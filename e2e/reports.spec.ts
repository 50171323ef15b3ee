import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { expect, test } from './test';
import { calendarDay } from '../src/shared/calendar';
import { expectNoSeriousA11yViolations } from './a11y-helpers';
import { fileComplaint, operator, resetClock, restoreSignIn, shiftClock, shownDate } from './helpers';

/**
 * /Reports as the complaints desk sees it, over a day of its own: the test clock is moved to 09:00
 * in Karachi on a day 40 days ahead (no seeded or other spec's item falls on it), three
 * complaints are filed through the resident API, and one is proceeded an hour later.
 * Residents of this spec: Green Valley 03000000034–03000000036.
 */
test.describe('reports', () => {
  test.afterEach(resetClock);

  test("complaints staff sees its day's numbers in the tables, a drawn chart, and no serious accessibility finding", async ({ page, request }) => {
    // A chart chunk evaluated out of order throws here (see vite.config.ts, 'charts-shared').
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const day = calendarDay(new Date(Date.now() + 40 * 86_400_000), 'Asia/Karachi');
    await operator('clock:shift', '--to', `${day}T04:00:00Z`);
    const filed = [];
    for (const phone of ['03000000034', '03000000035', '03000000036']) filed.push(await fileComplaint(request, phone, `Report spec complaint from ${phone}`));
    await shiftClock(1);

    await restoreSignIn(page, 'complaints@greenvalley.test');
    const proceeded = await page.request.put(`/api/complain/${filed[0]!._id}`, { data: { action: 'proceed' } });
    expect(proceeded.status()).toBe(200);

    await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL(/\/Reports$/);
    await page.getByText('Today', { exact: true }).click();
    await expect(page.getByText(`Complaints: ${shownDate(day)} to ${shownDate(day)} (1 day, Asia/Karachi)`)).toBeVisible();

    const volume = page.getByRole('region', { name: 'Volume by day' });
    await expect(volume.getByRole('row', { name: `${shownDate(day)} 2 1 0` })).toBeVisible();
    const speed = page.getByRole('region', { name: 'Time to first action' });
    await expect(speed.getByRole('row', { name: 'Measured 1' })).toBeVisible();
    // Proceeded an hour (and the few seconds the test took) after it was filed.
    await expect(speed.getByRole('row', { name: 'Median (p50) 1 h 0 min' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Volume by hour and weekday' }).getByRole('row')).toHaveCount(8);
    const staff = page.getByRole('region', { name: 'Staff' });
    await expect(staff.getByRole('row').filter({ hasText: '1 h 0 min' })).toHaveCount(1);

    await expectNoSeriousA11yViolations(page, '/Reports (tables)');

    // The figure's .xlsx holds the numbers of its table: the day (a date cell) and its counts.
    const downloading = page.waitForEvent('download');
    await volume.getByRole('button', { name: 'Export Volume by day' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^report-complaints-volume-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = XLSX.read(await readFile((await download.path())!), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]!]!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ New: 2, Processing: 1, Completed: 0 });
    expect(typeof rows[0]!.Day).toBe('number');
    await volume.getByText('Chart', { exact: true }).click();
    await expect(volume.locator('svg.recharts-surface')).toBeVisible();
    await expect(volume.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await page.getByRole('region', { name: 'Volume by hour and weekday' }).getByText('Chart', { exact: true }).click();
    await expect(page.getByRole('region', { name: 'Volume by hour and weekday' }).locator('svg rect').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/Reports (charts)');
    expect(pageErrors).toEqual([]);
  });
});
