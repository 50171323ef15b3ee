/**
 * Request bodies of the API tests, with defaults a test overrides: each test still owns its data
 * (phones, names, amounts it asserts on are passed in or overridden where they matter).
 */
import type { OrderLineInput } from '../../src/shared/contracts/grocery.js';
import type { RegisterResident } from '../../src/shared/contracts/residents-admin.js';

/**
 * A self-registration body (`POST /api/resident/register`) for `phone` (each test file keeps its
 * own range). `over` may hold what the contract refuses: it is sent as given.
 */
export function registration(phone: string, over: Partial<RegisterResident> | Record<string, unknown> = {}) {
  return { societyName: 'Green Valley', name: 'Zara Qureshi', phone, password: 'zara-pass-1', house: '12', street: 'Street 3', block: 'Block B', ...over };
}

/** One order line as grocery staff send it (`items` of `POST /api/orders`). */
export function orderLine(over: Partial<OrderLineInput> = {}): OrderLineInput {
  return { itemName: 'Milk', quantity: 2, currency: 'liter', price: 210, ...over };
}
