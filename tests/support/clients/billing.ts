/** The billing routes: a manual bill (staff, `POST /api/bills`) and the resident's own bills (`GET /api/resident/bills`), typed by the shared contracts. */
import { expect } from 'vitest';
import type { Bill, CreateBill } from '../../../src/shared/contracts/billing.js';
import type { App, Reply } from './app.js';

/** Billing staff (their cookie) bill a resident (201 expected). */
export async function createBill(h: { app: App }, cookie: string, body: CreateBill): Promise<Bill> {
  const res = await h.app.inject({ method: 'POST', url: '/api/bills', headers: { cookie }, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Bill>();
}

/** A page of the resident's own bills as it comes (`qs` is the query string with its `?`; `headers` carry the caller, or none). */
export function residentBills(h: { app: App }, headers: Record<string, string>, qs = ''): Promise<Reply> {
  return h.app.inject({ method: 'GET', url: `/api/resident/bills${qs}`, headers });
}
