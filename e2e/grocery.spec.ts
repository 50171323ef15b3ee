import { expect, test } from './test';
import { LC_GROCERY, addLine, fileGrocery, itemRow, lineTotal, signInGrocery, storedOrder } from './grocery-helpers';
import { expectLive } from './helpers';

// Residents of their own in this file (other specs use other phones).
const GV_RESIDENT = '03000000031';
const GV_RESIDENT_2 = '03000000032';
const GV_RESIDENT_3 = '03000000033';
const LC_RESIDENT = '03100000031';

test.describe('grocery desk', () => {
  test('a request arrives live, becomes an order, is edited, updated and delivered', async ({ page, request }) => {
    test.setTimeout(60_000); // the whole lifecycle through three screens in one test
    await signInGrocery(page);
    await expect(page).toHaveURL(/\/$|\/Grocery$/);
    const bell = page.getByRole('button', { name: 'New grocery requests' });
    const count = async () => Number((await bell.innerText()).replace(/\D/g, '') || '0');
    await expect(bell).toBeVisible();
    // The bell counts the new requests (the list's total): wait until it shows the stored count,
    // which it reads after the screen appears.
    const before = ((await (await page.request.get('/api/grocery')).json()) as { total: number }).total;
    await expect.poll(count).toBe(before);

    const list = `Rice and milk for the weekend ${Date.now()}`;
    const filed = await fileGrocery(request, GV_RESIDENT, list);
    const row = page.getByRole('row').filter({ hasText: filed.resident.phoneNo });
    await expect(row).toBeVisible();
    await expect.poll(count).toBe(before + 1);
    await bell.click();
    const bellDrawer = page.getByRole('dialog', { name: 'New Orders List' });
    await expect(bellDrawer.getByText(list)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bellDrawer).toBeHidden();

    // 'Grocery List Items': two lines with live totals (exact money: 3 × 0.1 is 0.3), written with
    // two decimals everywhere (shared/format/money.ts).
    await row.getByRole('button', { name: 'Action' }).click();
    let drawer = page.getByRole('dialog', { name: 'Grocery List Items' });
    await expect(drawer.getByText(list)).toBeVisible();
    await addLine(drawer, { item: 'Rice', quantity: '2', unit: 'kg', price: '120.50', total: '241.00' });
    await addLine(drawer, { item: 'Milk', quantity: '3', unit: 'liter', price: '0.1', total: '0.30' });
    await expect(itemRow(drawer, 'Rice')).toContainText('kg');
    await expect(lineTotal(drawer, 'Rice')).toHaveText('241.00');
    await expect(lineTotal(drawer, 'Milk')).toHaveText('0.30');
    await expect(drawer.getByText('Delivery Charges: 150Rs')).toBeVisible();
    await expect(drawer.getByText('Grand Total: 391.30Rs')).toBeVisible();
    const placed = page.waitForResponse((res) => res.url().endsWith('/api/orders') && res.request().method() === 'POST');
    await drawer.getByRole('button', { name: 'Save' }).click();
    expect((await placed).status()).toBe(201);
    await expect(page.getByText('Successfully updated!')).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(row).toHaveCount(0);
    await expect.poll(count).toBe(before);
    let stored = await storedOrder(page, filed._id);
    expect(stored.allTotal).toBe(391.3);
    expect(stored.items.map((i) => [i.itemName, i.quantity, i.currency, i.price, i.total])).toEqual([
      ['Rice', 2, 'Kilogram', 120.5, 241],
      ['Milk', 3, 'liter', 0.1, 0.3],
    ]);

    // /Orders → 'Grocery Details' (45% wide): delete a line, add one, change a quantity, Update.
    await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/Orders$/);
    const orderRow = page.getByRole('row').filter({ hasText: filed.resident.phoneNo });
    await orderRow.getByRole('button', { name: 'Update' }).click();
    drawer = page.getByRole('dialog', { name: 'Grocery Details' });
    await expect(itemRow(drawer, 'Milk')).toBeVisible();
    const width = (await drawer.boundingBox())?.width ?? 0;
    expect(Math.round(width)).toBe(Math.round(1280 * 0.45));
    await expect(drawer.getByText('Grand Total: 391.30Rs')).toBeVisible();
    await drawer.getByRole('button', { name: 'Delete Milk' }).click();
    await expect(itemRow(drawer, 'Milk')).toHaveCount(0);
    await addLine(drawer, { item: 'Eggs', quantity: '4', unit: 'dz', price: '300', total: '1,200.00' });
    await drawer.getByLabel('Quantity of Rice').fill('3');
    await expect(lineTotal(drawer, 'Rice')).toHaveText('361.50');
    await expect(drawer.getByText('Grand Total: 1,711.50Rs')).toBeVisible();
    const changed = () => page.waitForResponse((res) => res.url().endsWith(`/api/orders/${filed._id}`) && res.request().method() === 'PUT');
    const updated = changed();
    await drawer.getByRole('button', { name: 'Update' }).click();
    expect((await updated).status()).toBe(200);
    await expect(page.getByText('Successfully updated!')).toBeVisible();
    await expect(drawer).toBeVisible();
    // The table now shows the saved lines: the server's totals are the editor's.
    await expect(lineTotal(drawer, 'Eggs')).toHaveText('1,200.00');
    await expect(drawer.getByText('Grand Total: 1,711.50Rs')).toBeVisible();
    stored = await storedOrder(page, filed._id);
    expect(stored.Status).toBe('Processing');
    expect(stored.allTotal).toBe(1711.5);
    expect(stored.items.map((i) => [i.itemName, i.quantity, i.currency, i.total])).toEqual([
      ['Rice', 3, 'Kilogram', 361.5],
      ['Eggs', 4, 'dozen', 1200],
    ]);

    // Save delivers it: it leaves /Orders and shows on /CompletedGrocery, read-only.
    const delivered = changed();
    await drawer.getByRole('button', { name: 'Save' }).click();
    expect((await delivered).status()).toBe(200);
    await expect(drawer).toBeHidden();
    await expect(orderRow).toHaveCount(0);
    await page.getByRole('navigation').getByRole('link', { name: 'Completed' }).click();
    await expect(page).toHaveURL(/\/CompletedGrocery$/);
    const doneRow = page.getByRole('row').filter({ hasText: filed.resident.phoneNo });
    await expect(doneRow).toBeVisible();
    await expect(doneRow.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await doneRow.getByRole('button', { name: 'View' }).click();
    drawer = page.getByRole('dialog', { name: 'Order Items' });
    await expect(drawer.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(itemRow(drawer, 'Eggs')).toContainText('dz');
    await expect(itemRow(drawer, 'Eggs').getByRole('cell').nth(3)).toHaveText('300.00');
    await expect(drawer.getByText('Grand Total: 1,711.50Rs')).toBeVisible();
    await expect(drawer.getByRole('textbox')).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: /Save|Update|Delete/ })).toHaveCount(0);
    expect((await storedOrder(page, filed._id)).Status).toBe('Delivered');
  });

  test('orders placed and delivered elsewhere move between the lists live', async ({ page, request }) => {
    const filed = await fileGrocery(request, GV_RESIDENT_2, `Sugar ${Date.now()}`);
    await signInGrocery(page);
    await page.goto('/Orders');
    // The page was loaded anew: its live connection must be up before the order is placed elsewhere.
    await expectLive(page);
    const row = page.getByRole('row').filter({ hasText: filed.resident.phoneNo });
    await expect(page.getByRole('columnheader', { name: 'Customer name' })).toBeVisible();
    await expect(row).toHaveCount(0);

    // Another staff member of the desk (same account, API) places and then delivers the order.
    const items = [{ itemName: 'Sugar', quantity: 1, currency: 'Kilogram', price: 150 }];
    expect((await page.request.post('/api/orders', { data: { requestId: filed._id, items } })).status()).toBe(201);
    await expect(row).toBeVisible();
    expect((await page.request.put(`/api/orders/${filed._id}`, { data: { action: 'deliver' } })).status()).toBe(200);
    await expect(row).toHaveCount(0);
  });

  test('a failed save shows the spec error toast and keeps the drawer', async ({ page, request }) => {
    const filed = await fileGrocery(request, GV_RESIDENT_3, `Flour ${Date.now()}`);
    await signInGrocery(page);
    const row = page.getByRole('row').filter({ hasText: filed.resident.phoneNo });
    await row.getByRole('button', { name: 'Action' }).click();
    const drawer = page.getByRole('dialog', { name: 'Grocery List Items' });
    // Spec section 5: a negative or non-numeric quantity or price becomes 0, shown as 0.
    const form = drawer.getByRole('form', { name: 'Add New' });
    const quantity = form.getByLabel('Quantity', { exact: true });
    await quantity.fill('-3');
    await expect(quantity).toHaveValue('0');
    await quantity.fill('');
    await quantity.pressSequentially('abc');
    await form.getByLabel('Item', { exact: true }).focus();
    await expect(quantity).toHaveValue('0');
    const price = form.getByLabel('Per Price', { exact: true });
    await price.fill('-90');
    await expect(price).toHaveValue('0');
    // After Add the unit goes back to the first choice: the next item is not entered in dozens.
    await addLine(drawer, { item: 'Eggs', quantity: '2', unit: 'dz', price: '300', total: '600.00' });
    await expect(form.getByLabel('Unit', { exact: true })).toHaveValue('Kilogram');
    await addLine(drawer, { item: 'Flour', quantity: '5', unit: 'kg', price: '90', total: '450.00' });
    // The server fails this one save (a 500 that hides its details, as the error handler does).
    await page.route('**/api/orders', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' }),
      }),
    );
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('An error occurred while processing your request.')).toBeVisible();
    await expect(drawer).toBeVisible();
    await expect(itemRow(drawer, 'Flour')).toBeVisible();
    await page.unroute('**/api/orders');
    await expect(row).toBeVisible();
    expect((await page.request.get(`/api/orders/${filed._id}`)).status()).toBe(404);
  });

  test('a Lake City grocery account does not see Green Valley requests', async ({ page, request }) => {
    const gvList = `Green Valley only ${Date.now()}`;
    const gv = await fileGrocery(request, GV_RESIDENT_2, gvList);
    await signInGrocery(page, LC_GROCERY);
    // A Lake City request arriving live shows the screen is loaded and live.
    const lc = await fileGrocery(request, LC_RESIDENT, `Lake City list ${Date.now()}`);
    await expect(page.getByRole('row').filter({ hasText: lc.resident.phoneNo })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: gv.resident.phoneNo })).toHaveCount(0);
    await page.getByRole('button', { name: 'New grocery requests' }).click();
    const bellDrawer = page.getByRole('dialog', { name: 'New Orders List' });
    await expect(bellDrawer.getByText(lc.list)).toBeVisible();
    await expect(bellDrawer.getByText(gvList)).toHaveCount(0);
    expect((await page.request.get(`/api/grocery/${gv._id}`)).status()).toBe(404);
  });
});
