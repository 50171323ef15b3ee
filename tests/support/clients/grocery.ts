/** The grocery desk's routes (`/api/grocery`, `/api/orders`), typed by the shared contracts. */
import { expect } from 'vitest';
import type { GroceryRequest } from '../../../src/shared/contracts/grocery.js';
import type { Signed } from './app.js';

/** A resident files a grocery request (201 expected). */
export async function fileGrocery(h: Pick<Signed, 'app' | 'residentAuth'>, phone: string, list: string): Promise<GroceryRequest> {
  const authorization = await h.residentAuth(phone);
  const res = await h.app.inject({ method: 'POST', url: '/api/grocery', headers: { authorization }, payload: { list } });
  expect(res.statusCode).toBe(201);
  return res.json<GroceryRequest>();
}
