/**
 * A drill's rings are times to ring: a screen reporting more than DRILL_RING_WINDOW_MS after the
 * drill started is refused with 409 and its text (the server's time since the start is stored
 * as whole milliseconds, which a drill left running for weeks would overflow).
 */
import { describe, expect, it } from 'vitest';
import { DRILL_RING_WINDOW_MS, type Drill, type DrillReport } from '../../src/shared/contracts/drills.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';

const GUARD = 'security@greenvalley.test';

describe('SOS drill ring window', () => {
  const h = useHarness();
  const send = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: { cookie: await h.staffCookie(GUARD) }, ...(payload ? { payload } : {}) });

  it('records a ring up to the window after the start, and refuses a later one with 409, writing nothing', async () => {
    const started = await send('POST', '/api/security/drills');
    expect(started.statusCode, started.body).toBe(201);
    const drill = started.json<Drill>();
    const rang = (screen: string) => send('POST', `/api/security/drills/${drill._id}/rang`, { screen, ringMs: 150 });

    h.clock.advance(DRILL_RING_WINDOW_MS);
    expect((await rang('in-time')).statusCode).toBe(204);
    h.clock.advance(1);
    const late = await rang('too-late');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: MSG.drillRingLate });
    h.clock.advance(30 * DRILL_RING_WINDOW_MS);
    expect((await rang('weeks-later')).statusCode).toBe(409);

    const report = (await send('GET', `/api/security/drills/${drill._id}`)).json<DrillReport>();
    expect(report.screens.map((s) => [s.screen, s.ringServerMs])).toEqual([['in-time', DRILL_RING_WINDOW_MS]]);
  });
});
