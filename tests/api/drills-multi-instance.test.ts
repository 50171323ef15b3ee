/**
 * SOS drills on two instances sharing one PostgreSQL database: the running-drill index lets
 * exactly one of two concurrent starts through, and the drill rings screens on both instances.
 * Runs only when DATABASE_URL is set (`npm run test:pg`). Society: Green Valley.
 */
import { describe, expect, it } from 'vitest';
import type { Drill } from '../../src/shared/contracts/drills.js';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { useTwoInstances } from '../support/two-instances.js';
import { nextEvent } from '../support/staff-socket.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('SOS drills on two instances', () => {
  const t = useTwoInstances();

  it('two concurrent starts on two instances: exactly one 201, and both instances ring', async () => {
    const screenA = await t.open(t.a, 'security@greenvalley.test');
    const screenB = await t.open(t.b, 'security@greenvalley.test');
    const heardA = nextEvent(screenA, 'receive-security');
    const heardB = nextEvent(screenB, 'receive-security');
    const [cookieA, cookieB] = [await t.staffCookie(t.a, 'security@greenvalley.test'), await t.staffCookie(t.b, 'super-admin@greenvalley.test')];
    const start = (via: typeof t.a, cookie: string) => via.app.inject({ method: 'POST', url: '/api/security/drills', headers: { cookie } });
    const answers = await Promise.all([start(t.a, cookieA), start(t.b, cookieB)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const drill = answers.find((r) => r.statusCode === 201)!.json<Drill>();
    const alerts: SecurityAlert[] = [await heardA, await heardB];
    for (const a of alerts) expect(a).toMatchObject({ _id: drill.alarmId, drill: true, drillId: drill._id });
  });
});
