/** The doctor desk's resident routes (`/api/doctor`, `/api/resident/consultations`), typed by the shared contracts. */
import { expect } from 'vitest';
import type { DoctorRequest } from '../../../src/shared/contracts/doctor.js';
import type { Reply, Signed } from './app.js';

/** A resident asks for a doctor (201 expected); without `description` the body is `{}`. */
export async function fileDoctor(h: Pick<Signed, 'app' | 'residentAuth'>, phone: string, description?: string): Promise<DoctorRequest> {
  const authorization = await h.residentAuth(phone);
  const res = await h.app.inject({ method: 'POST', url: '/api/doctor', headers: { authorization }, payload: description === undefined ? {} : { description } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DoctorRequest>();
}

/** A page of the resident's own consultations (`qs` is the query string with its `?`). */
export async function residentConsultations(h: Pick<Signed, 'app' | 'residentAuth'>, phone: string, qs = ''): Promise<Reply> {
  return h.app.inject({ method: 'GET', url: `/api/resident/consultations${qs}`, headers: { authorization: await h.residentAuth(phone) } });
}
