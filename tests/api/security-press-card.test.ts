import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { ResidentAlarm } from '../../src/shared/contracts/resident.js';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { useHarness } from './harness.js';
import { raiseAlarm } from '../support/clients/security.js';
import { staffScreens } from '../support/staff-socket.js';

/**
 * An SOS press announces the alarm built from what its one statement returned (no second
 * read on the press path), and answers the resident with their own view of it. The announced card
 * must be the one a later staff read gives, and the answer the one the resident's read gives: new
 * alarm, merged press (count, last press, words appended) and the escalation mark. Resident of
 * this file: Green Valley 03000000027.
 */
describe('the card a press returns and announces', () => {
  const h = useHarness({ ESCALATE_AFTER_S: '60' });
  const { open } = staffScreens(h);
  const next = (s: Socket, event: string) => new Promise<SecurityAlert>((resolve) => s.once(event, resolve));

  it('equals the alarm as read back, for a new alarm and for presses merged into it', async () => {
    const authorization = await h.residentAuth('03000000027');
    const cookie = await h.staffCookie('security@greenvalley.test');
    const guard = await open('security@greenvalley.test');
    const press = (securityComplain: string) => raiseAlarm(h.app, authorization, { securityComplain });
    const staffReadBack = async (id: number) => {
      const res = await h.app.inject({ method: 'GET', url: `/api/security/${id}`, headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      const { history: _history, ...alert } = res.json<SecurityAlert & { history: unknown[] }>();
      return alert;
    };
    const residentReadBack = async (id: number) => {
      const res = await h.app.inject({ method: 'GET', url: `/api/resident/alarms/${id}`, headers: { authorization } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ResidentAlarm>();
    };

    const created = next(guard, 'receive-security');
    const first = await press('smoke in the kitchen');
    expect(first).toMatchObject({ pressCount: 1, securityComplain: 'smoke in the kitchen', acknowledgedAt: null, escalated: false, stage: 'new' });
    expect(first).toEqual(await residentReadBack(first._id));
    const announced = await created;
    expect(announced.resident.phoneNo).toBe('03000000027');
    expect(announced).toEqual(await staffReadBack(first._id));

    h.clock.advance(5_000);
    const pressed = next(guard, 'security-pressed');
    const merged = await press('door locked');
    expect(merged).toMatchObject({ _id: first._id, pressCount: 2, securityComplain: 'smoke in the kitchen\ndoor locked' });
    expect(merged.lastPressedTime).not.toBe(merged.pressedTime);
    expect(merged).toEqual(await residentReadBack(first._id));
    expect(await pressed).toEqual(await staffReadBack(first._id));

    h.clock.advance(60_001);
    await h.jobs.escalation.runOnce();
    const pressedAgain = next(guard, 'security-pressed');
    const afterEscalation = await press('');
    expect(afterEscalation).toMatchObject({ _id: first._id, pressCount: 3, escalated: true });
    expect(afterEscalation.escalatedAt).not.toBeNull();
    expect(afterEscalation).toEqual(await residentReadBack(first._id));
    expect(await pressedAgain).toEqual(await staffReadBack(first._id));
  });
});
