/** The complaints desk's routes (`/api/complain`), typed by the shared contracts. */
import { expect } from 'vitest';
import type { Complaint } from '../../../src/shared/contracts/complaints.js';
import type { App, Reply, Signed } from './app.js';

/**
 * Staff side: a list page (`qs` is the query string with its `?`) and a stage change. `h.app` is
 * read at each call (a harness has its app only once its `beforeAll` ran).
 */
export function complaintsDesk(h: { app: App }) {
  return {
    list: (cookie: string, qs = ''): Promise<Reply> => h.app.inject({ method: 'GET', url: `/api/complain${qs}`, headers: { cookie } }),
    /** `payload` is sent as given (a test may send what the contract refuses). */
    put: (cookie: string, id: number, payload: unknown): Promise<Reply> =>
      h.app.inject({ method: 'PUT', url: `/api/complain/${id}`, headers: { cookie }, payload: payload as object }),
  };
}

/** A resident files a complaint (201 expected); `auth` signs the resident in (default: the harness's). */
export async function fileComplaint(
  h: Pick<Signed, 'app' | 'residentAuth'>,
  phone: string,
  complain: string,
  auth = (p: string) => h.residentAuth(p),
): Promise<Complaint> {
  const authorization = await auth(phone);
  const res = await h.app.inject({ method: 'POST', url: '/api/complain', headers: { authorization }, payload: { complain } });
  expect(res.statusCode).toBe(201);
  return res.json<Complaint>();
}

/** A resident's `POST /api/complain` with `payload` as given (a test may send what the contract refuses); the answer as it comes. */
export function postComplaint(app: App, authorization: string, payload: object): Promise<Reply> {
  return app.inject({ method: 'POST', url: '/api/complain', headers: { authorization }, payload });
}
