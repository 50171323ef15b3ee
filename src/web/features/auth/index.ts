/**
 * Sign-in and the session: no screen of the sub-role table, part of the shell (initial load).
 * The app uses these from its routes and layout.
 */
import { lazyChunk } from '../../lib/load-chunk';

export { useAccountHold, useSessionCheck } from './api/get-me';
export { useLogout } from './api/logout';
/**
 * Lazy: the sign-in form and its two-factor step. A signed-in shell (most page loads: a desk
 * stays signed in all shift) never needs them, so they are not part of the initial load.
 */
export const LoginForm = lazyChunk(() => import('./components/login-form').then((m) => ({ default: m.LoginForm })));
/** Lazy (a chunk of its own, with the contract's zod): the password form shown in place of the screens while the password is temporary. */
export const ChangePasswordForm = lazyChunk(() => import('./components/change-password-form'));
/** Lazy: two-factor setup, shown in place of the screens while the society requires it and it is off. */
export const TwoFactorSettings = lazyChunk(() => import('./components/two-factor-settings'));
/** Lazy: the "My account" dialog (password, two-factor sign-in, sessions). */
export const AccountDialog = lazyChunk(() => import('./components/account-dialog'));
