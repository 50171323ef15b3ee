/**
 * The sign-in form's messages (features/auth/components/sign-in-refusal.ts): a production server
 * opened over plain http says so under the form (not "Invalid email or password"), a disabled
 * account says so, throttling gives the server's message, and everything else the spec's one message.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../src/web/lib/api-error.js';
import { signInRefusal } from '../../src/web/features/auth/components/sign-in-refusal.js';

describe('sign-in refusals', () => {
  it('shows the HTTPS message under the form for a sign-in refused over plain http', () => {
    expect(signInRefusal(new ApiError(403, MSG.httpsRequired, 'protocol'))).toEqual({ message: MSG.httpsRequired, show: 'inline' });
    expect(MSG.httpsRequired).toMatch(/HTTPS.*https:\/\/.*docs\/deploy\.md/);
  });

  it("toasts a disabled account's reason and the throttle's message", () => {
    expect(signInRefusal(new ApiError(401, MSG.accountDisabled))).toEqual({ message: MSG.accountDisabled, show: 'toast' });
    expect(signInRefusal(new ApiError(429, MSG.loginThrottled, undefined, 60))).toEqual({ message: MSG.loginThrottled, show: 'toast' });
  });

  it('says the one spec message for everything else', () => {
    for (const error of [new ApiError(401, MSG.loginFailed), new ApiError(403, 'Forbidden'), new ApiError(0, NETWORK_ERROR_MESSAGE), new Error('x')]) {
      expect(signInRefusal(error)).toEqual({ message: MSG.loginFailed, show: 'toast' });
    }
  });
});
