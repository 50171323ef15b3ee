/**
 * POST /api/society/login {email, password} → 200 {user} and an httpOnly session cookie, or (the
 * account has two-factor sign-in on) 200 {twoFactorRequired, challenge} and no cookie yet.
 * Errors: 401 wrong credentials (or not an Admin), 429 throttled, 400 {message, field}.
 * A 401 here is an answer, not a lost session, so it does not end the local session.
 */
import { useMutation } from '@tanstack/react-query';
import type { LoginAnswer, LoginRequest } from '../../../../shared/contracts/auth';
import { api } from '../../../lib/api-client';
import { setSocietyTimeZone } from '../../../lib/time-zone';
import { loadLoginAnswer } from '../../../lib/me-query';

/** Signs in; a completed sign-in sets the society's time zone before the shell renders a date. */
export async function login(input: LoginRequest): Promise<LoginAnswer> {
  const answer = await api.post('/api/society/login', input, { loadSchema: loadLoginAnswer, endSessionOn401: false });
  if (!('challenge' in answer)) setSocietyTimeZone(answer.timeZone);
  return answer;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
