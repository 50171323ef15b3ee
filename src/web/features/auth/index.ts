/**
 * Sign-in and the session: no screen of the sub-role table, part of the shell (initial load).
 * The app uses these from its routes and layout.
 */
export { useSessionCheck } from './api/get-me';
export { useLogout } from './api/logout';
export { LoginForm } from './components/login-form';
