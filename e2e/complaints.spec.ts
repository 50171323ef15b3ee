import { expect, test } from './test';
import { fileComplaint, restoreSignIn } from './helpers';

test.describe('complaints desk', () => {
  test('a complaint filed through the resident API appears live and the bell counts it', async ({ page, request }) => {
    await restoreSignIn(page, 'complaints@greenvalley.test');
    await expect(page).toHaveURL(/\/$|\/Complaints/);
    const bell = page.getByRole('button', { name: 'New complaints' });
    await expect(bell).toBeVisible();
    const count = async () => Number((await bell.innerText()).replace(/\D/g, '') || '0');
    // The bell reads 0 until the first page of new complaints (the same query as the list on
    // screen) has loaded: wait for the list's pager, which shows its total, before counting.
    await expect(page.getByText(/^1–\d+ of \d+/)).toBeVisible();
    const before = await count();

    const text = `Live test: water tank overflowing ${Date.now()}`;
    await fileComplaint(request, '03000000021', text);
    await expect(page.getByRole('row').filter({ hasText: text })).toBeVisible();
    // The whole number, not a substring of it ('2' would pass for '12').
    await expect.poll(count).toBe(before + 1);

    await bell.click();
    const drawer = page.getByRole('dialog', { name: 'New Complaints' });
    await expect(drawer.getByText(text)).toBeVisible();
    await expect(drawer.getByText(/^Complain 1$/)).toBeVisible();
  });

  test('full lifecycle: proceed, the validation toast, submit, read-only completed', async ({ page, request }) => {
    const text = `Lifecycle: broken gate hinge ${Date.now()}`;
    await fileComplaint(request, '03000000022', text);
    await restoreSignIn(page, 'complaints@greenvalley.test');
    await page.goto('/Complaints');

    const row = page.getByRole('row').filter({ hasText: text });
    await row.getByRole('button', { name: /action|open details/i }).click();
    let drawer = page.getByRole('dialog', { name: 'Complaints Details' });
    await expect(drawer.getByText(text)).toBeVisible();
    await drawer.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText('Successfully updated!')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: text })).toHaveCount(0);

    await page.getByRole('navigation').getByRole('link', { name: 'Processing' }).click();
    await expect(page).toHaveURL(/\/Pending/);
    await page
      .getByRole('row')
      .filter({ hasText: text })
      .getByRole('button', { name: /action|open details/i })
      .click();
    drawer = page.getByRole('dialog');
    await drawer.getByLabel('Response').fill('Hinge replaced by maintenance team');
    await drawer.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please check Response and Checkbox is enable!')).toBeVisible();
    await drawer.getByRole('checkbox').check();
    await drawer.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Successfully updated!')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: text })).toHaveCount(0);

    await page.getByRole('navigation').getByRole('link', { name: 'Completed' }).click();
    await expect(page).toHaveURL(/\/Completed/);
    await page
      .getByRole('row')
      .filter({ hasText: text })
      .getByRole('button', { name: /action|open details/i })
      .click();
    drawer = page.getByRole('dialog');
    await expect(drawer.getByText('Hinge replaced by maintenance team')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Proceed' })).toHaveCount(0);
  });

  test('a screen that was disconnected catches up when it reconnects', async ({ page, context, request }) => {
    await restoreSignIn(page, 'complaints@greenvalley.test');
    await page.goto('/Complaints');
    await context.setOffline(true);
    await expect(page.getByText('You are currently offline')).toBeVisible();
    const text = `Filed while offline ${Date.now()}`;
    await fileComplaint(request, '03000000023', text);
    await context.setOffline(false);
    await expect(page.getByRole('row').filter({ hasText: text })).toBeVisible({ timeout: 15_000 });
  });

  test('search runs on the server', async ({ page, request }) => {
    const text = `Searchable parrot complaint ${Date.now()}`;
    await fileComplaint(request, '03000000024', text);
    await restoreSignIn(page, 'complaints@greenvalley.test');
    await page.goto('/Complaints');
    await page.getByPlaceholder(/search/i).fill('parrot complaint');
    await expect(page.getByRole('row').filter({ hasText: text })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
  });

  test('paging one step keeps a keyset cursor in the URL; the rows match the same page read by offset', async ({ page, request }) => {
    // At least three pages of new complaints (the seed has 12 per society).
    for (let n = 0; n < 10; n++) await fileComplaint(request, '03000000025', `Paging test ${n} ${Date.now()}`);
    await restoreSignIn(page, 'complaints@greenvalley.test');
    await page.goto('/Complaints');
    const rows = page.getByRole('row');
    const pager = page.locator('.mantine-datatable-pagination');
    const goTo = (n: number) => pager.getByRole('button', { name: String(n), exact: true }).click();
    await expect(rows.filter({ hasText: 'Paging test 9' })).toBeVisible();
    const page1 = await rows.allTextContents();

    const sent = page.waitForRequest((req) => /\/api\/complain\?stage=new&page=2&after=\d+$/.test(req.url()));
    await goTo(2);
    await expect(page).toHaveURL(/[?&]page=2&after=\d+$/);
    // The cursor in the URL is the one the server is asked for.
    expect(new URL((await sent).url()).searchParams.get('after')).toBe(new URL(page.url()).searchParams.get('after'));
    await expect(rows).not.toHaveText(page1);
    const page2 = await rows.allTextContents();

    await goTo(3);
    await expect(page).toHaveURL(/[?&]page=3&after=\d+$/);
    await expect(rows).not.toHaveText(page2);

    await goTo(2);
    await expect(page).toHaveURL(/[?&]page=2&before=\d+$/);
    await expect(rows).toHaveText(page2);

    // The same page without a cursor (a typed or shared link) is read by offset: same rows.
    await page.goto('/Complaints?page=2');
    await expect(rows).toHaveText(page2);

    await goTo(1);
    await expect(page).toHaveURL(/\/Complaints$/);
    await expect(rows).toHaveText(page1);

    // A new search starts on page 1 without a cursor.
    await goTo(2);
    await expect(page).toHaveURL(/after=\d+/);
    await page.getByPlaceholder(/search/i).fill('Paging test');
    await expect(page).toHaveURL(/\/Complaints\?q=Paging\+test$/);
  });
});
