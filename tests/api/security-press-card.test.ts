import { describe, expect, it } from 'vitest';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { useHarness } from './harness.js';
import { raiseAlarm } from '../support/clients/security.js';

/**
 * An SOS press announces the alarm built from what its one statement returned (no second
 * read on the press path). That card must be the one a later read gives: new alarm, merged press
 * (count, last press, words appended) and the escalation mark. Resident of this file: Green Valley
 * 03000000027.
 */
describe('the card a press returns and announces', () => {
  const h = useHarness({ ESCALATE_AFTER_S: '60' });

  it('equals the alarm as read back, for a new alarm and for presses merged into it', async () => {
    const authorization = await h.residentAuth('03000000027');
    const cookie = await h.staffCookie('security@greenvalley.test');
    const press = (securityComplain: string) => raiseAlarm(h.app, authorization, { securityComplain });
    const readBack = async (id: number) => {
      const res = await h.app.inject({ method: 'GET', url: `/api/security/${id}`, headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      const { history: _history, ...alert } = res.json<SecurityAlert & { history: unknown[] }>();
      return alert;
    };

    const first = await press('smoke in the kitchen');
    expect(first).toMatchObject({ pressCount: 1, securityComplain: 'smoke in the kitchen', acknowledgedAt: null, escalated: false, stage: 'new' });
    expect(first.resident.phoneNo).toBe('03000000027');
    expect(first).toEqual(await readBack(first._id));

    h.clock.advance(5_000);
    const merged = await press('door locked');
    expect(merged).toMatchObject({ _id: first._id, pressCount: 2, securityComplain: 'smoke in the kitchen\ndoor locked' });
    expect(merged.lastPressedTime).not.toBe(merged.pressedTime);
    expect(merged).toEqual(await readBack(first._id));

    h.clock.advance(60_001);
    await h.jobs.escalation.runOnce();
    const afterEscalation = await press('');
    expect(afterEscalation).toMatchObject({ _id: first._id, pressCount: 3, escalated: true });
    expect(afterEscalation.escalatedAt).not.toBeNull();
    expect(afterEscalation).toEqual(await readBack(first._id));
  });
});
