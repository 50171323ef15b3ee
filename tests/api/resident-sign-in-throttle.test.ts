/**
 * Resident sign-in is throttled like staff sign-in (lib/sign-in-throttle): wrong passwords are
 * counted before the password is checked, per (address, phone) LOGIN_MAX_FAILURES, per address four
 * times that, per phone across addresses LOGIN_MAX_FAILURES_PER_ACCOUNT; a sign-in that gets a
 * token clears its pair. Staff and residents behind one address are counted apart. On the
 * embedded database (in memory); tests/api/throttle-shared.test.ts checks the same across two
 * instances on PostgreSQL and Redis. Each test makes its own society and residents; the clock
 * stands still unless a test moves it.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { societyWithResident } from '../support/rows.js';
import { useHarness } from './harness.js';

const MAX = 5; // LOGIN_MAX_FAILURES
const PER_PHONE = 20; // LOGIN_MAX_FAILURES_PER_ACCOUNT

describe('resident sign-in throttle', () => {
  // The per-address request limit is not what is tested here.
  const h = useHarness({ LOGIN_MAX_FAILURES: String(MAX), LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_PHONE), RESIDENT_SIGNIN_PER_MINUTE: '1000' });
  let n = 0;
  const own = () => societyWithResident(h.database.db, { name: `Throttle Society ${++n}` });
  const login = (phone: string, password: string, remoteAddress: string) =>
    h.app.inject({ method: 'POST', url: '/api/resident/login', remoteAddress, payload: { phone, password } });

  it('five wrong passwords for a phone from one address make the sixth a 429, even with the right password; another address signs in', async () => {
    const r = await own();
    for (let i = 0; i < MAX; i++) expect((await login(r.phone, `wrong-${i}`, '10.40.0.1')).statusCode).toBe(401);
    const held = await login(r.phone, r.password, '10.40.0.1');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ message: MSG.loginThrottled });
    expect(Number(held.headers['retry-after'])).toBe(h.config.LOGIN_WINDOW_S);
    expect((await login(r.phone, r.password, '10.40.0.2')).statusCode).toBe(200);
  });

  it('wrong passwords spread over many addresses: LOGIN_MAX_FAILURES_PER_ACCOUNT for the phone in all, then 429 from any address until the window passes', async () => {
    const [r, other] = [await own(), await own()];
    for (let i = 0; i < PER_PHONE; i++) expect((await login(r.phone, 'wrong-pass-1', `10.41.${i}.1`)).statusCode).toBe(401);
    expect((await login(r.phone, r.password, '10.41.200.1')).statusCode).toBe(429);
    // Another phone from that address is not held by this phone's count.
    expect((await login(other.phone, other.password, '10.41.200.1')).statusCode).toBe(200);
    h.clock.advance(h.config.LOGIN_WINDOW_S * 1000 + 1);
    expect((await login(r.phone, r.password, '10.41.200.1')).statusCode).toBe(200);
  });

  it('a sign-in that gets a token clears its (address, phone) pair', async () => {
    const r = await own();
    for (let i = 0; i < MAX - 1; i++) expect((await login(r.phone, 'wrong-pass-1', '10.42.0.1')).statusCode).toBe(401);
    expect((await login(r.phone, r.password, '10.42.0.1')).statusCode).toBe(200);
    for (let i = 0; i < MAX; i++) expect((await login(r.phone, 'wrong-pass-1', '10.42.0.1')).statusCode).toBe(401);
    expect((await login(r.phone, r.password, '10.42.0.1')).statusCode).toBe(429);
  });

  it('counts an unknown phone too, so guessing which phones exist is throttled alike', async () => {
    for (let i = 0; i < MAX; i++) expect((await login('03999999999', 'wrong-pass-1', '10.43.0.1')).statusCode).toBe(401);
    expect((await login('03999999999', 'wrong-pass-1', '10.43.0.1')).statusCode).toBe(429);
  });

  it('staff and residents behind one address are counted apart', async () => {
    const r = await own();
    const staffLogin = (i: number) =>
      h.app.inject({
        method: 'POST',
        url: '/api/society/login',
        remoteAddress: '10.44.0.1',
        payload: { email: `nobody-${i}@nowhere.test`, password: 'wrong-pass-1' },
      });
    // The address's staff count is full (four times the pair limit)…
    for (let i = 0; i < MAX * 4; i++) expect((await staffLogin(i)).statusCode).toBe(401);
    expect((await staffLogin(99)).statusCode).toBe(429);
    // …and a resident there still signs in.
    expect((await login(r.phone, r.password, '10.44.0.1')).statusCode).toBe(200);
  });
});
