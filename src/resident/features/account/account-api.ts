/**
 * Account calls of the resident API (src/server/modules/resident-auth/routes.ts): sign-in,
 * registration and its society picker, sign-out (revokes the token), the resident's own profile,
 * their society's emergency contacts and the password change.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { ResidentLoginResponse } from '../../../shared/contracts/auth';
import type { ResidentPasswordChange, ResidentProfile, ResidentSociety } from '../../../shared/contracts/resident';
import type { RegisterResident, RegisterResponse, SocietyNameList } from '../../../shared/contracts/residents-admin';
import { api, request } from '../../lib/api';
import { saveEmergency } from '../../lib/emergency';
import { setDisplayTimeZone } from '../../lib/time-zone';
import { keys } from '../../lib/query-client';
import { endSession, getSession, startSession, subscribeSession, type Session } from '../../lib/session';

/** The current session (re-renders on sign-in and sign-out, in this tab and others). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** POST /api/resident/login, then keeps the token. Throws ApiError (400 naming the field, 401, 403 blocked, 429). */
export async function signIn(phone: string, password: string): Promise<void> {
  const answer = await request<ResidentLoginResponse>('POST', '/api/resident/login', { body: { phone, password }, anonymous: true });
  startSession({ token: answer.token, who: answer.resident });
}

/** POST /api/resident/register: 201 with the resident ID and 'Pending'; 400 naming the field, 409 phone taken. */
export function register(body: RegisterResident): Promise<RegisterResponse> {
  return request<RegisterResponse>('POST', '/api/resident/register', { body, anonymous: true });
}

/**
 * GET /api/societies (public): the registration picker's society names containing `search`, the
 * first page (20, A to Z). Kept while the next search loads, so the list does not flicker.
 */
export function useSocietyNames(search: string) {
  return useQuery({
    queryKey: ['societies', search],
    queryFn: async ({ signal }) => (await request<SocietyNameList>('GET', '/api/societies', { query: { q: search }, anonymous: true, signal })).items,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/**
 * GET /api/resident/me: the profile, and the status (Pending until staff approve). Saves the
 * society's name for the offline screen and sets the society's time zone for every date shown.
 */
export function useProfile() {
  const session = useSession();
  return useQuery({
    queryKey: keys.me,
    enabled: session !== null,
    queryFn: async ({ signal }) => {
      const me = await api.get<ResidentProfile>('/api/resident/me', undefined, signal);
      saveEmergency({ societyName: me.societyName });
      setDisplayTimeZone(me.timeZone);
      return me;
    },
  });
}

/**
 * GET /api/resident/society: the society's name and emergency contacts, saved for the offline
 * screen (lib/emergency.ts) whenever a signed-in screen loads. Nothing renders it, so it never
 * holds a screen up; it is read again at most every 10 minutes (the operator changes it rarely).
 */
export function useSocietyContacts() {
  const session = useSession();
  return useQuery({
    queryKey: keys.society,
    enabled: session !== null,
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }) => {
      const society = await api.get<ResidentSociety>('/api/resident/society', undefined, signal);
      saveEmergency({ societyName: society.name, societyContacts: society.emergencyContacts });
      return society;
    },
  });
}

/** The longest sign-out waits for this phone's push subscription to be removed (ms). */
const FORGET_PUSH_WAIT_MS = 3000;

/**
 * Sign-out: first removes this phone's Web Push subscription (server and browser, web-push.ts)
 * while the token still works, so the next resident signed in here gets none of this one's
 * notifications; then revokes the token on the server (POST /api/resident/logout) and forgets it
 * here (which drops every cached answer). When the server cannot be reached the token is forgotten anyway
 * (the resident asked to be signed out of this phone); it then lives until it expires on the
 * server.
 */
export function useSignOut(): () => Promise<void> {
  return useCallback(async () => {
    const forgetPush = import('./web-push').then((m) => m.turnOffPush()).catch(() => undefined);
    await Promise.race([forgetPush, new Promise((resolve) => setTimeout(resolve, FORGET_PUSH_WAIT_MS))]);
    try {
      await api.post('/api/resident/logout');
    } catch {
      // Already revoked (401) or offline: signed out here all the same.
    }
    // Ending the session drops every cached answer (app/session-changes.ts).
    endSession();
  }, []);
}

/**
 * PUT /api/resident/password: 204, then the profile is read again (a staff reset's must-change
 * mark is gone). Fails with ApiError: 400 naming currentPassword or newPassword, 429.
 */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ResidentPasswordChange) => api.put<void>('/api/resident/password', body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.me }),
  });
}
