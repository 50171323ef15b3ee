/**
 * The shared auth contract (zod schemas), loaded on first use: sign-in and the shell are part of
 * the initial load, which carries no zod (ADR 0006, the bundle budget). The login page starts
 * loading it as soon as it shows, so a form check or an answer seldom waits for it.
 */
export const loadAuthContract = () => import('../../../../shared/contracts/auth');
