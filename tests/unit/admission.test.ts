import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { registerAdmission, type AdmissionLimits } from '../../src/server/plugins/admission.js';
import { waitFor } from '../support/wait-for.js';

const LIMITS: AdmissionLimits = { maxInFlight: 2, maxQueue: 3, maxQueueWaitMs: 50, maxLoopDelayMs: 200, retryAfterS: 1 };

/** A promise the test opens by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('admission control', () => {
  let app: FastifyInstance;
  afterEach(async () => app?.close());

  /** An app whose /api/work waits for `held`, whose /api/alarm is on the alarm path, and which serves a web file; `lane` is the database queue it sees. */
  async function build(lane: { waiting: number; waitMs: number }, held: Promise<void>) {
    app = Fastify();
    const state = registerAdmission(app, LIMITS, () => lane);
    app.get('/api/work', async () => {
      await held;
      return { ok: true };
    });
    app.post('/api/alarm', { config: { admission: 'always' } }, async () => {
      await held;
      return { ok: true };
    });
    app.get('/assets/app.js', async () => 'web');
    await app.ready();
    return state;
  }

  it('refuses non-alarm work at once (503, Retry-After, the busy message) once the in-flight cap is reached; alarms still go in', async () => {
    const g = gate();
    const state = await build({ waiting: 0, waitMs: 0 }, g.opened);
    const running = [app.inject({ url: '/api/work' }), app.inject({ url: '/api/work' })];
    await new Promise((r) => setImmediate(r));
    expect(state.inFlight()).toBe(2);

    const refused = await app.inject({ url: '/api/work' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ statusCode: 503, message: MSG.busy });
    expect(state.refused().inFlight).toBe(1);
    // The web app's files read no database: a screen still loads while the API sheds load.
    expect((await app.inject({ url: '/assets/app.js' })).statusCode).toBe(200);

    const alarms = [
      app.inject({ method: 'POST', url: '/api/alarm' }),
      app.inject({ method: 'POST', url: '/api/alarm' }),
      app.inject({ method: 'POST', url: '/api/alarm' }),
    ];
    g.open();
    for (const res of await Promise.all([...running, ...alarms])) expect(res.statusCode).toBe(200);
    // Finished requests leave the count: the next one is admitted.
    await new Promise((r) => setImmediate(r));
    expect(state.inFlight()).toBe(0);
    expect((await app.inject({ url: '/api/work' })).statusCode).toBe(200);
  });

  it('refuses while the database lane has a long queue, or a short one whose checkouts wait too long', async () => {
    const g = gate();
    g.open();
    const lane = { waiting: 3, waitMs: 0 };
    const state = await build(lane, g.opened);
    expect((await app.inject({ url: '/api/work' })).statusCode).toBe(503);
    lane.waiting = 1;
    lane.waitMs = 80;
    expect((await app.inject({ url: '/api/work' })).statusCode).toBe(503);
    expect(state.refused().queue).toBe(2);
    expect((await app.inject({ method: 'POST', url: '/api/alarm' })).statusCode).toBe(200);
    lane.waitMs = 10;
    expect((await app.inject({ url: '/api/work' })).statusCode).toBe(200);
    lane.waiting = 0;
    lane.waitMs = 500; // the average of a queue that has emptied: nothing waits now
    expect((await app.inject({ url: '/api/work' })).statusCode).toBe(200);
  });

  it('refuses while the event loop lags and is busy, and admits again once it recovers', async () => {
    const g = gate();
    g.open();
    const state = await build({ waiting: 0, waitMs: 0 }, g.opened);
    // Keep the loop busy in slices of 700 ms: each sample comes ~450 ms late, past the 200 ms limit.
    const busyUntil = performance.now() + 2500;
    const spin = () => {
      const end = Math.min(performance.now() + 700, busyUntil);
      while (performance.now() < end);
      if (performance.now() < busyUntil) setImmediate(spin);
    };
    spin();
    await waitFor(() => state.loopSaturated(), 'the loop counted as saturated');
    expect((await app.inject({ url: '/api/work' })).statusCode).toBe(503);
    expect(state.refused().loop).toBe(1);
    expect((await app.inject({ method: 'POST', url: '/api/alarm' })).statusCode).toBe(200);
    await waitFor(() => !state.loopSaturated(), 'the loop recovered');
    expect((await app.inject({ url: '/api/work' })).statusCode).toBe(200);
  }, 15_000);
});
