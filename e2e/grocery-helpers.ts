/** Helpers of the grocery browser test (e2e/grocery.spec.ts), on top of e2e/helpers.ts. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectLive, residentAuth, restoreSignIn } from './helpers';

export const GV_GROCERY = 'grocery@greenvalley.test';
export const LC_GROCERY = 'grocery@lakecity.test';

/** Signs in a button-three account, dismisses the 'Re-directing' modal and waits for the live connection. */
export async function signInGrocery(page: Page, email = GV_GROCERY): Promise<void> {
  // A restored session: no 'Re-directing' modal, which follows the login form only.
  await restoreSignIn(page, email);
  await expectLive(page);
}

export interface FiledGrocery {
  _id: number;
  list: string;
  edit: boolean;
  resident: { name: string; phoneNo: string };
}

/** A resident asks for groceries the way the mobile app does (POST /api/grocery). */
export async function fileGrocery(request: APIRequestContext, phone: string, list: string): Promise<FiledGrocery> {
  const res = await request.post('/api/grocery', { data: { list }, headers: await residentAuth(request, phone) });
  expect(res.status()).toBe(201);
  return (await res.json()) as FiledGrocery;
}

/** One line for the 'Add New' row editor; `unit` is the label the selector shows (kg, liter, dz, …). */
export interface NewLine {
  item: string;
  quantity: string;
  unit: string;
  price: string;
  /** The read-only Total the editor must show before Add. */
  total: string;
}

/** Fills the drawer's 'Add New' editor, checks its live Total and adds the line. */
export async function addLine(drawer: Locator, line: NewLine): Promise<void> {
  const form = drawer.getByRole('form', { name: 'Add New' });
  await form.getByLabel('Item', { exact: true }).fill(line.item);
  await form.getByLabel('Quantity', { exact: true }).fill(line.quantity);
  await form.getByLabel('Unit', { exact: true }).selectOption({ label: line.unit });
  await form.getByLabel('Per Price', { exact: true }).fill(line.price);
  await expect(form.getByLabel('Total', { exact: true })).toHaveValue(line.total);
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByLabel('Item', { exact: true })).toHaveValue('');
}

/** The items table's row of one item. */
export function itemRow(drawer: Locator, item: string): Locator {
  return drawer
    .getByRole('table', { name: 'Order items' })
    .getByRole('row')
    .filter({ has: drawer.page().getByRole('cell', { name: item, exact: true }) });
}

/** The Total cell of an item's row (Items, Quantity, Currency, Price, Total). */
export function lineTotal(drawer: Locator, item: string): Locator {
  return itemRow(drawer, item).getByRole('cell').nth(4);
}

export interface StoredOrder {
  _id: number;
  allTotal: number;
  Status: string;
  update: boolean;
  items: { itemName: string; quantity: number; currency: string; price: number; total: number }[];
}

/** The order as the server has it, read with the signed-in page's session cookie. */
export async function storedOrder(page: Page, id: number): Promise<StoredOrder> {
  const res = await page.request.get(`/api/orders/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as StoredOrder;
}
