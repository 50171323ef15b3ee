import QRCode from 'qrcode';
import type { RecoveryCodes, TwoFactorEnrolment, TwoFactorStatus } from '../../../shared/contracts/auth.js';
import { MSG } from '../../../shared/messages.js';
import type { Clock } from '../../lib/clock.js';
import { abandoned, beginAttempt, succeeded, type SignInThrottle } from '../../lib/sign-in-throttle/login-throttle.js';
import { BadRequestError, ConflictError, ForbiddenError } from '../../lib/errors.js';
import type { AuthRepo } from './repo.js';
import type { AuthService, StaffContext } from './service.js';
import { newRecoveryCodes, newTotpSecret, otpauthUrl, totpStep } from './two-factor.js';

export interface TwoFactorDeps {
  repo: AuthRepo;
  clock: Clock;
  auth: Pick<AuthService, 'checkCurrentPassword' | 'releaseSession'>;
  /** The staff sign-in throttle: a wrong enrolment code counts like a wrong password of the member's email. */
  throttle: SignInThrottle;
}

/**
 * A member's own two-factor sign-in (My account): enrol (a new secret, shown as a link and a QR
 * code), confirm with a first code (turns it on; ten recovery codes shown once, stored hashed),
 * turn it off with the password. Turning it on or off is audited.
 */
export function twoFactorService({ repo, clock, auth, throttle }: TwoFactorDeps) {
  return {
    /** GET /api/society/me/2fa: whether it is on, and whether the society requires it of the member (a super-admin). */
    async status(staff: StaffContext): Promise<TwoFactorStatus> {
      const account = await repo.twoFactorOf(staff.id);
      return { on: account?.on ?? false, required: account?.required ?? false };
    },
    /**
     * POST /api/society/me/2fa: a new secret, pending until confirmed (a second call replaces it).
     * @throws 409 MSG.twoFactorAlreadyOn.
     */
    async enrol(staff: StaffContext): Promise<TwoFactorEnrolment> {
      const account = await repo.twoFactorOf(staff.id);
      if (!account) throw new ForbiddenError(MSG.notSignedIn);
      if (account.on) throw new ConflictError(MSG.twoFactorAlreadyOn);
      const secret = newTotpSecret();
      await repo.setPendingSecret(staff.id, secret);
      const url = otpauthUrl(secret, account.email, staff.societyName);
      return { otpauthUrl: url, secret, qrSvg: await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
    },

    /**
     * POST /api/society/me/2fa/confirm from `address`: a right code of the pending secret turns
     * two-factor on; a member held by their society's requirement is released at once. Each code
     * is counted before it is checked, like a sign-in of the member's email (per address and
     * email, per account: LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_ACCOUNT in LOGIN_WINDOW_S); a
     * wrong one stays counted, a right one clears the pair.
     * @returns ten recovery codes, shown once. @throws 400 MSG.twoFactorNotStarted; 400
     *   MSG.twoFactorCodeWrong (field code); 409 when already on
     *   (also for the second of two confirmations at once: the first one's codes are kept); 429
     *   MSG.twoFactorConfirmThrottled.
     */
    async confirm(staff: StaffContext, token: string, code: string, address: string): Promise<RecoveryCodes> {
      const account = await repo.twoFactorOf(staff.id);
      if (!account) throw new ForbiddenError(MSG.notSignedIn);
      if (account.on) throw new ConflictError(MSG.twoFactorAlreadyOn);
      if (!account.pendingSecret) throw new BadRequestError(MSG.twoFactorNotStarted, 'code');
      const attempt = await beginAttempt(throttle, address, account.email, MSG.twoFactorConfirmThrottled);
      const step = totpStep(account.pendingSecret, code, clock.now().getTime());
      if (step === null) throw new BadRequestError(MSG.twoFactorCodeWrong, 'code');
      const { codes, hashes } = newRecoveryCodes();
      try {
        if (!(await repo.enableTwoFactor(staff, account.pendingSecret, step, hashes, clock.now()))) throw new ConflictError(MSG.twoFactorAlreadyOn);
      } catch (err) {
        await abandoned(attempt);
        throw err;
      }
      await succeeded(attempt);
      if (staff.mustEnrolTwoFactor) auth.releaseSession(staff.id, token);
      return { recoveryCodes: codes };
    },

    /**
     * DELETE /api/society/me/2fa {currentPassword}: turns two-factor off.
     * @throws 400 MSG.currentPasswordWrong (throttled like sign-ins); 403 MSG.twoFactorRequiredBySociety.
     */
    async turnOff(staff: StaffContext, currentPassword: string, address: string): Promise<void> {
      const account = await repo.twoFactorOf(staff.id);
      if (!account) throw new ForbiddenError(MSG.notSignedIn);
      if (account.required && account.on) throw new ForbiddenError(MSG.twoFactorRequiredBySociety);
      await auth.checkCurrentPassword(staff, currentPassword, address);
      if (account.on || account.pendingSecret) await repo.disableTwoFactor(staff, clock.now());
    },
  };
}
export type TwoFactorService = ReturnType<typeof twoFactorService>;
