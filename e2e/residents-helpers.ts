import { expect, type APIRequestContext } from '@playwright/test';

/** A resident registered through the resident API (POST /api/resident/register). */
export interface RegisteredResident {
  name: string;
  phone: string;
  password: string;
  residentID: string;
}

// Phones no demo resident has (0398…), distinct per run and per call.
let seq = Math.floor(Math.random() * 1_000_000);
const newPhone = () => `0398${String(++seq % 10_000_000).padStart(7, '0')}`;

/** Registers a resident of `societyName` the way the mobile app does; status 'Pending'. */
export async function registerResident(request: APIRequestContext, name: string, societyName = 'Green Valley'): Promise<RegisteredResident> {
  const phone = newPhone();
  const password = 'resident-pass-1';
  const res = await request.post('/api/resident/register', {
    data: {
      societyName,
      name,
      phone,
      password,
      house: '21',
      street: 'Street 5',
      block: 'Block D',
      age: 37,
      fatherName: `${name.split(' ')[1] ?? 'Ahmed'} Senior`,
      fatherPhone: '03331112223',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { residentID } = (await res.json()) as { residentID: string };
  return { name, phone, password, residentID };
}

/** The resident's bearer header (resident API sign-in). */
export async function residentBearer(request: APIRequestContext, r: RegisteredResident): Promise<{ authorization: string }> {
  const login = await request.post('/api/resident/login', { data: { phone: r.phone, password: r.password } });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** A unique-looking full name for this run (the /Status search is by full-name prefix). */
export function uniqueName(first: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let tag = '';
  for (let n = Date.now() + Math.floor(Math.random() * 1e6); tag.length < 6; n = Math.floor(n / 26)) tag += letters[n % 26];
  return `${first} ${tag[0]!.toUpperCase()}${tag.slice(1)}`;
}
