import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { useHarness } from './harness.js';
import { staffScreens } from '../support/staff-socket.js';
import { pressSos } from '../support/clients/security.js';

/**
 * A merged press reaches the screens as 'security-pressed': button-one always,
 * super-admin only once the alarm is escalated. Resident of this file: Green Valley 03000000024.
 */
describe("'security-pressed' over Socket.IO", () => {
  const h = useHarness({ ESCALATE_AFTER_S: '60' });
  const { open } = staffScreens(h);
  const next = (s: Socket, event: string) => new Promise<SecurityAlert>((resolve) => s.once(event, resolve));

  it('tells button-one the new press count at once, and super-admin only after escalation', async () => {
    const guard = await open('security@greenvalley.test');
    const superAdmin = await open('super-admin@greenvalley.test');
    const heardBySuperAdmin: SecurityAlert[] = [];
    superAdmin.on('security-pressed', (a: SecurityAlert) => heardBySuperAdmin.push(a));
    const authorization = await h.residentAuth('03000000024');
    const press = async () => (await pressSos(h.app, authorization)).json<SecurityAlert>();

    const created = next(guard, 'receive-security');
    const first = await press();
    expect((await created)._id).toBe(first._id);

    const pressed = next(guard, 'security-pressed');
    await press();
    expect(await pressed).toMatchObject({ _id: first._id, pressCount: 2, escalated: false });

    // Events from one server arrive in order: had super-admin been sent the press, it would be
    // here before the escalation that follows it.
    const escalated = next(superAdmin, 'security-escalated');
    h.clock.advance(60_001);
    await h.jobs.escalation.runOnce();
    expect(await escalated).toMatchObject({ _id: first._id, pressCount: 2 });
    expect(heardBySuperAdmin).toEqual([]);

    const toSuperAdmin = next(superAdmin, 'security-pressed');
    const toGuard = next(guard, 'security-pressed');
    await press();
    expect(await toSuperAdmin).toMatchObject({ _id: first._id, pressCount: 3, escalated: true });
    expect((await toGuard).pressCount).toBe(3);
  });
});
