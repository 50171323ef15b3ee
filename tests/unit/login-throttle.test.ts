import { describe, expect, it } from 'vitest';
import { LoginThrottle, throttleKeys, type LoginAttempt } from '../../src/server/lib/sign-in-throttle/login-throttle.js';

const WINDOW = 60_000;
const isAttempt = (a: LoginAttempt | { retryAfterS: number }): a is LoginAttempt => !('retryAfterS' in a);

/** A throttle on a hand-moved clock: at most 3 per (address, email), 12 per address, 5 per account. */
function setup() {
  const clock = { t: 1_000_000 };
  const th = new LoginThrottle(3, WINDOW, () => clock.t, 5);
  return { clock, th };
}

describe('login throttle: attempts counted before the password is checked', () => {
  it('lets at most the limit begin at once, however many arrive, and answers the rest with a wait', () => {
    const { th } = setup();
    const results = Array.from({ length: 100 }, () => th.begin('1.1.1.1', 'a@b.test'));
    expect(results.filter(isAttempt)).toHaveLength(3);
    const refused = results.filter((r) => !isAttempt(r));
    expect(refused).toHaveLength(97);
    expect(refused[0]).toEqual({ retryAfterS: 60 });
  });

  it('a succeeded attempt stops counting and clears the (address, email) pair', () => {
    const { th } = setup();
    const first = th.begin('1.1.1.1', 'a@b.test');
    const second = th.begin('1.1.1.1', 'a@b.test');
    const third = th.begin('1.1.1.1', 'a@b.test');
    if (!isAttempt(first) || !isAttempt(second) || !isAttempt(third)) throw new Error('expected three attempts');
    expect(th.retryAfterS('1.1.1.1', 'a@b.test')).toBe(60);
    third.succeeded();
    expect(th.retryAfterS('1.1.1.1', 'a@b.test')).toBe(0);
    expect(isAttempt(th.begin('1.1.1.1', 'A@B.test'))).toBe(true);
  });

  it('an abandoned attempt (the check could not run) stops counting', () => {
    const { th } = setup();
    const attempts = [th.begin('1.1.1.1', 'a@b.test'), th.begin('1.1.1.1', 'a@b.test'), th.begin('1.1.1.1', 'a@b.test')];
    expect(th.retryAfterS('1.1.1.1', 'a@b.test')).toBeGreaterThan(0);
    const last = attempts[2]!;
    if (!isAttempt(last)) throw new Error('expected an attempt');
    last.abandoned();
    expect(th.retryAfterS('1.1.1.1', 'a@b.test')).toBe(0);
    expect(isAttempt(th.begin('1.1.1.1', 'a@b.test'))).toBe(true);
    expect(isAttempt(th.begin('1.1.1.1', 'a@b.test'))).toBe(false);
  });

  it('limits an account across addresses with its own limit', () => {
    const { th } = setup();
    const results = Array.from({ length: 8 }, (_, i) => th.begin(`10.0.0.${i}`, 'victim@b.test'));
    expect(results.map(isAttempt)).toEqual([true, true, true, true, true, false, false, false]);
    expect(th.retryAfterS('10.9.9.9', 'VICTIM@b.test')).toBe(60);
    expect(th.retryAfterS('10.9.9.9', 'other@b.test')).toBe(0);
  });

  it('limits an address across accounts at four times the pair limit', () => {
    const clock = { t: 0 };
    const th = new LoginThrottle(3, WINDOW, () => clock.t, 100);
    const results = Array.from({ length: 13 }, (_, i) => th.begin('9.9.9.9', `user${i}@b.test`));
    expect(results.filter(isAttempt)).toHaveLength(12);
    expect(isAttempt(results[12]!)).toBe(false);
  });

  it('forgets attempts once the window has passed, and the wait shrinks with time', () => {
    const { clock, th } = setup();
    for (let i = 0; i < 3; i++) th.begin('1.1.1.1', 'a@b.test');
    clock.t += 45_000;
    expect(th.retryAfterS('1.1.1.1', 'a@b.test')).toBe(15);
    clock.t += 15_000;
    expect(th.retryAfterS('1.1.1.1', 'a@b.test')).toBe(0);
    expect(isAttempt(th.begin('1.1.1.1', 'a@b.test'))).toBe(true);
  });
});

describe('login throttle scopes: staff by email, residents by phone', () => {
  it('names resident keys apart from staff keys, so neither ever shares a count', () => {
    const limits = { maxFailures: 3, maxPerAccount: 5 };
    expect(throttleKeys('staff', '1.1.1.1', 'A@B.test', limits)).toEqual({
      pair: 'e:1.1.1.1:a@b.test',
      keys: [
        ['e:1.1.1.1:a@b.test', 3],
        ['ip:1.1.1.1', 12],
        ['a:a@b.test', 5],
      ],
    });
    expect(throttleKeys('resident', '1.1.1.1', '03001234567', limits)).toEqual({
      pair: 'r:e:1.1.1.1:03001234567',
      keys: [
        ['r:e:1.1.1.1:03001234567', 3],
        ['r:ip:1.1.1.1', 12],
        ['r:p:03001234567', 5],
      ],
    });
  });

  it('a resident throttle limits a phone across addresses, and not another phone', () => {
    const clock = { t: 0 };
    const residents = new LoginThrottle(3, WINDOW, () => clock.t, 5, 'resident');
    const results = Array.from({ length: 6 }, (_, i) => residents.begin(`10.0.0.${i}`, '03001234567'));
    expect(results.map(isAttempt)).toEqual([true, true, true, true, true, false]);
    expect(residents.retryAfterS('10.9.9.9', '03001234567')).toBe(60);
    expect(residents.retryAfterS('10.9.9.9', '03007654321')).toBe(0);
  });
});
