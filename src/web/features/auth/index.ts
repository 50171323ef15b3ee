/**
 * Sign-in and the session: no screen of the sub-role table, part of the shell (initial load).
 * The app uses these from its routes and layout.
 */
import { lazy } from 'react';

export { useMustChangePassword, useSessionCheck } from './api/get-me';
export { useLogout } from './api/logout';
export { LoginForm } from './components/login-form';
/** Lazy (a chunk of its own, with the contract's zod): the password form shown in place of the screens while the password is temporary. */
export const ChangePasswordForm = lazy(() => import('./components/change-password-form'));
/** Lazy: the "My account" dialog (the same form). */
export const AccountDialog = lazy(() => import('./components/account-dialog'));
