/** The SOS route (`POST /api/security`), typed by the shared contracts. */
import { expect } from 'vitest';
import type { ResidentAlarm } from '../../../src/shared/contracts/resident.js';
import type { App, Reply } from './app.js';

/** What a press sends: `{}` or the resident's words (sent as given, even what the contract refuses). */
export type Press = { securityComplain?: string } | Record<string, unknown>;

/** A resident presses SOS; the answer as it comes. */
export function pressSos(app: App, authorization: string, payload: Press = {}): Promise<Reply> {
  return app.inject({ method: 'POST', url: '/api/security', headers: { authorization }, payload });
}

/** A resident presses SOS and the alarm is stored (201 expected): the resident's view of the alarm (ZResidentAlarm). */
export async function raiseAlarm(app: App, authorization: string, payload: Press = {}): Promise<ResidentAlarm> {
  const res = await pressSos(app, authorization, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ResidentAlarm>();
}
