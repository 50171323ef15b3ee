import { describe, expect, it } from 'vitest';
import { ZLoginRequest } from '../../src/shared/contracts/auth.js';
import { ZListQuery } from '../../src/shared/contracts/common.js';
import { ZComplaintUpdate, ZFileComplaint } from '../../src/shared/contracts/complaints.js';
import { NOT_HOME_MSG, ZAssignGuard, ZFileNotHome, addYears, isCalendarDate, notHomeWindowProblem } from '../../src/shared/contracts/not-home.js';
import { findUnstorableText } from '../../src/server/lib/input-guard.js';
import { MSG } from '../../src/shared/messages.js';
import { likePattern } from '../../src/server/lib/text.js';
import { LoginThrottle } from '../../src/server/lib/sign-in-throttle/login-throttle.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('validation rules (spec section 5)', () => {
  it('login: email required, valid; password required', () => {
    expect(firstMessage(ZLoginRequest.safeParse({ password: 'x' }))).toBe(MSG.emailRequired);
    expect(firstMessage(ZLoginRequest.safeParse({ email: '  ', password: 'x' }))).toBe(MSG.emailRequired);
    expect(firstMessage(ZLoginRequest.safeParse({ email: 'nope', password: 'x' }))).toBe(MSG.emailInvalid);
    expect(firstMessage(ZLoginRequest.safeParse({ email: 'a@b.test', password: '' }))).toBe(MSG.passwordRequired);
    expect(ZLoginRequest.parse({ email: ' a@b.test ', password: 'x' }).email).toBe('a@b.test');
  });

  it('complaint resolve needs a non-blank response and the ticked checkbox', () => {
    expect(MSG.responseAndCheckbox).toBe('Please check Response and Checkbox is enable! ');
    for (const bad of [
      { action: 'submit', response: '', confirmed: true },
      { action: 'submit', response: ' \n ', confirmed: true },
      { action: 'submit', response: 'ok', confirmed: false },
      { action: 'submit', response: 'ok' },
    ]) {
      expect(firstMessage(ZComplaintUpdate.safeParse(bad))).toBe(MSG.responseAndCheckbox);
    }
    expect(ZComplaintUpdate.parse({ action: 'submit', response: ' done ', confirmed: true })).toEqual({ action: 'submit', response: 'done', confirmed: true });
    expect(ZComplaintUpdate.parse({ action: 'proceed' })).toEqual({ action: 'proceed' });
    expect(ZFileComplaint.safeParse({ complain: '' }).success).toBe(false);
  });

  it('list query: page ≥ 1, search trimmed and bounded', () => {
    expect(ZListQuery.parse({})).toEqual({ page: 1, q: '' });
    expect(ZListQuery.parse({ page: '3', q: '  pipe ' })).toEqual({ page: 3, q: 'pipe' });
    expect(ZListQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(ZListQuery.safeParse({ page: 'x' }).success).toBe(false);
    expect(ZListQuery.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
  });

  it('length errors say the length, not "required"', () => {
    const long = (n: number) => 'x'.repeat(n);
    expect(firstMessage(ZFileComplaint.safeParse({ complain: long(2001) }))).toBe('At most 2000 characters.');
    expect(ZFileComplaint.safeParse({ complain: long(2000) }).success).toBe(true);
    expect(firstMessage(ZComplaintUpdate.safeParse({ action: 'submit', response: long(2001), confirmed: true }))).toBe('At most 2000 characters.');
    expect(firstMessage(ZListQuery.safeParse({ q: long(101) }))).toBe('At most 100 characters.');
    const guard = { guardName: 'Aslam', guardPhone: '03001234567', guardEmail: 'a@b.co' };
    expect(firstMessage(ZAssignGuard.safeParse({ ...guard, guardName: long(101) }))).toBe('At most 100 characters.');
    expect(firstMessage(ZAssignGuard.safeParse({ ...guard, guardEmail: `${long(200)}@b.co` }))).toBe('At most 200 characters.');
  });

  it('not-at-home dates are real calendar dates', () => {
    for (const bad of ['2026-02-31', '2027-02-29', '0000-01-01', '0099-12-31', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-01', '2026-01-01T00:00:00Z']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
    for (const good of ['2028-02-29', '2026-12-31', '2026-01-01', '9999-12-31']) expect(isCalendarDate(good), good).toBe(true);
    expect(ZFileNotHome.safeParse({ from: '2026-02-31', to: '2026-03-01' }).error?.issues[0]).toMatchObject({
      path: ['from'],
      message: NOT_HOME_MSG.notACalendarDate,
    });
    expect(ZFileNotHome.safeParse({ from: '2026-03-02', to: '2026-03-01' }).error?.issues[0]).toMatchObject({
      path: ['to'],
      message: NOT_HOME_MSG.toBeforeFrom,
    });
  });

  it('not-at-home window: from today to a year away, at most a year long', () => {
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
    expect(addYears('2026-11-22', 1)).toBe('2027-11-22');
    const today = '2026-11-22';
    expect(notHomeWindowProblem('2026-11-21', '2026-11-23', today)).toEqual({ field: 'from', message: NOT_HOME_MSG.fromInPast });
    expect(notHomeWindowProblem('2027-11-23', '2027-11-23', today)).toEqual({ field: 'from', message: NOT_HOME_MSG.fromTooFar });
    expect(notHomeWindowProblem('2026-12-01', '2027-12-02', today)).toEqual({ field: 'to', message: NOT_HOME_MSG.tooLong });
    for (const [from, to] of [
      ['2026-11-22', '2026-11-22'],
      ['2027-11-22', '2027-11-22'],
      ['2026-12-01', '2027-12-01'],
    ] as const) {
      expect(notHomeWindowProblem(from, to, today), `${from}..${to}`).toBeUndefined();
    }
  });

  it('text PostgreSQL cannot store is found wherever it is, with its path', () => {
    expect(findUnstorableText({ complain: 'ok', nested: [{ a: 'x' }, { b: 'y\u0000' }] })).toMatchObject({ path: 'nested.1.b', message: MSG.textNul });
    expect(findUnstorableText({ name: 'As\uD800lam' })).toMatchObject({ path: 'name', message: MSG.textBrokenCharacter });
    expect(findUnstorableText({ name: 'tail \uDC00' })?.path).toBe('name');
    expect(findUnstorableText({ ['k\u0000']: 1 })?.path).toBe('k\u0000');
    expect(findUnstorableText('\u0000')?.path).toBe('');
    expect(findUnstorableText({ ok: 'emoji 😀 é \uFEFF', n: 1, b: true, z: null, arr: [] })).toBeUndefined();
    // Deep nesting does not overflow the stack (the walk is iterative).
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)?.message).toBe(MSG.textNul);
  });

  it('search text is matched literally', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('login throttle', () => {
  it('blocks after the limit of failures in the window and forgets them after it', () => {
    let t = 0;
    const th = new LoginThrottle(3, 60_000, () => t);
    for (let i = 0; i < 3; i++) th.recordFailure('1.1.1.1', 'a@b.test');
    expect(th.retryAfterS('1.1.1.1', 'A@B.test')).toBe(60);
    expect(th.retryAfterS('1.1.1.1', 'other@b.test')).toBe(0);
    expect(th.retryAfterS('2.2.2.2', 'a@b.test')).toBe(0);
    t = 60_001;
    expect(th.retryAfterS('1.1.1.1', 'a@b.test')).toBe(0);
  });

  it('blocks an address that tries many accounts', () => {
    const th = new LoginThrottle(2, 60_000, () => 0);
    for (let i = 0; i < 8; i++) th.recordFailure('9.9.9.9', `user${i}@b.test`);
    expect(th.retryAfterS('9.9.9.9', 'fresh@b.test')).toBeGreaterThan(0);
  });
});
