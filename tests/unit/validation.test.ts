import { describe, expect, it } from 'vitest';
import { ZLoginRequest } from '../../src/shared/contracts/auth.js';
import { ZListQuery } from '../../src/shared/contracts/common.js';
import { ZComplaintUpdate, ZFileComplaint } from '../../src/shared/contracts/complaints.js';
import { MSG } from '../../src/shared/messages.js';
import { likePattern } from '../../src/server/lib/text.js';
import { LoginThrottle } from '../../src/server/modules/auth/login-throttle.js';

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
