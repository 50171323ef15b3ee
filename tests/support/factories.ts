/**
 * Request bodies of the API tests, with defaults a test overrides: each test still owns its data
 * (phones, names, amounts it asserts on are passed in or overridden where they matter).
 */
import type { ResidentCard } from '../../src/shared/contracts/common.js';
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

/** A resident card as the desks' rows carry it (`resident` of a list item), for web-side unit tests. */
export function residentCard(over: Partial<ResidentCard> = {}): ResidentCard {
  return {
    residentId: 'GV0001',
    name: 'Ayesha Khan',
    phoneNo: '03000000001',
    address: 'House 1, Street 1, Block A',
    email: 'a@mail.test',
    age: 30,
    designation: 'Teacher',
    owner: true,
    fname: 'Imran Khan',
    fPhoneNo: '03330000001',
    fmName: 'Ali',
    fmphoneNo: '03330000002',
    fmName1: 'Sara',
    fmphoneNo1: '03330000003',
    ...over,
  };
}
