import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, outbox, residents } from '../../src/server/db/schema.js';
import type { ListResponse } from '../../src/shared/contracts/common.js';
import type { Drill, DrillReport } from '../../src/shared/contracts/drills.js';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { DRILL_PHONE } from '../../src/shared/labels.js';
import { DEMO_SIGN_INS } from '../../src/server/seed/demo.js';
import { signedInStaff } from '../support/clients/sessions.js';
import { useHarness } from './harness.js';
import { nextEvent, staffScreens } from '../support/staff-socket.js';
import { waitFor } from '../support/wait-for.js';

const TOKEN = 'drills-metrics-token-0123456789';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GUARD = 'security@greenvalley.test';
const SUPER = 'super-admin@greenvalley.test';
/** Who may run and read drills: the alarm desk and super-admin, who hears escalated alarms (spec deviations, /Reports drills). */
const DRILLS_ALLOWED: readonly string[] = ['button-one', 'super-admin'];

/**
 * SOS drills: a practice alarm on the society's drill resident through the real alarm path, marked
 * `drill` everywhere, telling no resident anything, left out of the time-to-acknowledge metric.
 * Society of this file: Green Valley (its only drills); Lake City for the row-security read.
 */
describe('SOS drills', () => {
  const h = useHarness({ ESCALATE_AFTER_S: '60', METRICS_TOKEN: TOKEN });
  const { open } = staffScreens(h);
  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, email: string, payload?: object) =>
    h.app.inject({ method, url, headers: { cookie: await h.staffCookie(email) }, ...(payload ? { payload } : {}) });
  const ackCount = async () => {
    const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const line = res.body.split('\n').find((l) => l.startsWith('society_desk_alarm_press_to_ack_seconds_count'));
    return Number(line?.split(' ')[1] ?? 0);
  };
  const rows = async (table: typeof outbox | typeof notifications) => (await h.database.db.select({ n: count() }).from(table))[0]!.n;
  const report = async (id: number, email = GUARD) => (await send('GET', `/api/security/drills/${id}`, email)).json<DrillReport>();

  it('rings every button-one screen, escalates, ends on acknowledgement, and tells no resident', async () => {
    const screenA = await open(GUARD);
    const screenB = await open(GUARD);
    const superAdmin = await open(SUPER);
    const [outboxBefore, notificationsBefore, acksBefore] = [await rows(outbox), await rows(notifications), await ackCount()];

    const heardA = nextEvent(screenA, 'receive-security');
    const heardB = nextEvent(screenB, 'receive-security');
    const started = await send('POST', '/api/security/drills', GUARD);
    expect(started.statusCode).toBe(201);
    const drill = started.json<Drill>();
    expect(drill).toMatchObject({ endedAt: null, startedBy: expect.any(String), screensAtStart: 1 });
    for (const alert of [await heardA, await heardB]) {
      expect(alert).toMatchObject({ _id: drill.alarmId, drill: true, drillId: drill._id });
      expect(alert.resident.name).toBe('Drill resident');
      expect(alert.resident.phoneNo).toBe(DRILL_PHONE);
    }

    // One at a time.
    expect((await send('POST', '/api/security/drills', SUPER)).statusCode).toBe(409);

    // Each screen's ring is recorded once.
    const rang = (screen: string, ringMs: number) => send('POST', `/api/security/drills/${drill._id}/rang`, GUARD, { screen, ringMs });
    const fromWindows = await h.app.inject({
      method: 'POST',
      url: `/api/security/drills/${drill._id}/rang`,
      headers: { cookie: await h.staffCookie(GUARD), 'user-agent': WINDOWS_CHROME },
      payload: { screen: 'tab-a', ringMs: 180 },
    });
    expect(fromWindows.statusCode).toBe(204);
    expect((await rang('tab-a', 999)).statusCode).toBe(204);
    h.clock.advance(500);
    expect((await rang('tab-b', 240)).statusCode).toBe(204);

    // Nobody answers: the normal escalation job re-raises it to super-admin, still marked.
    const escalated = nextEvent(superAdmin, 'security-escalated');
    h.clock.advance(60_001);
    await h.jobs.escalation.runOnce();
    expect(await escalated).toMatchObject({ _id: drill.alarmId, drill: true, drillId: drill._id, escalated: true });

    const ack = await send('POST', `/api/security/${drill.alarmId}/acknowledge`, GUARD);
    expect(ack.json<SecurityAlert>()).toMatchObject({ drill: true, acknowledgedBy: expect.any(String) });
    await waitFor(async () => (await report(drill._id)).endedAt !== null, 'the drill to end');

    const r = await report(drill._id);
    // Named by number, who was signed in and the browser, never by the tab's random id.
    const guardName = r.startedBy; // GUARD started it
    expect(r.screens.map((s) => [s.screen, s.ringMs, s.device, s.label])).toEqual([
      ['tab-a', 180, 'Chrome on Windows', `Screen 1 — ${guardName} (Chrome on Windows)`],
      ['tab-b', 240, 'Unknown browser', `Screen 2 — ${guardName} (Unknown browser)`],
    ]);
    expect(r.screens[1]!.ringServerMs).toBeGreaterThanOrEqual(500);
    expect(r).toMatchObject({ screensRang: 2, acknowledgedBy: r.endedBy, escalatedAt: expect.any(String) });
    expect(r.timeline.map((t) => t.what)).toEqual([
      expect.stringMatching(/^Started by/),
      `Rang on Screen 1 — ${guardName} (Chrome on Windows) (180 ms to ring)`,
      `Rang on Screen 2 — ${guardName} (Unknown browser) (240 ms to ring)`,
      expect.stringMatching(/^Escalated/),
      expect.stringMatching(/^Acknowledged by/),
      expect.stringMatching(/^Ended by/),
    ]);
    expect((await rang('tab-c', 100)).statusCode).toBe(409);

    // The desk's Proceed and Submit work on it, and record or push nothing for the drill resident.
    expect((await send('PUT', `/api/security/${drill.alarmId}`, GUARD, { action: 'proceed', staffNote: 'drill' })).statusCode).toBe(200);
    const submitted = await send('PUT', `/api/security/${drill.alarmId}`, GUARD, { action: 'submit', response: 'drill done', confirmed: true });
    expect(submitted.json<SecurityAlert>()).toMatchObject({ stage: 'completed', drill: true });
    expect(await rows(outbox)).toBe(outboxBefore);
    expect(await rows(notifications)).toBe(notificationsBefore);
    expect(h.pushes).toEqual([]);
    expect(await ackCount()).toBe(acksBefore);

    // A new drill is allowed once it ended; super-admin may start and end one.
    const second = await send('POST', '/api/security/drills', SUPER);
    expect(second.statusCode).toBe(201);
    const ended = await send('POST', `/api/security/drills/${second.json<Drill>()._id}/end`, SUPER);
    expect(ended.json<Drill>()).toMatchObject({ endedAt: expect.any(String), acknowledgedAt: expect.any(String) });
    expect(await ackCount()).toBe(acksBefore);

    const list = (await send('GET', '/api/security/drills', SUPER)).json<ListResponse<Drill>>();
    expect(list.items.map((d) => d._id)).toEqual([second.json<Drill>()._id, drill._id]);
  });

  it('every drill route is for button-one and super-admin only (every sub-role); no session is 401', async () => {
    const staff = signedInStaff(h);
    const started = await staff.send('POST', '/api/security/drills', SUPER);
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json<Drill>()._id;
    const verdict = (code: number) => (code === 403 ? 403 : 'allowed');
    const expected = (subRole: string) => (DRILLS_ALLOWED.includes(subRole) ? 'allowed' : 403);
    // While the drill runs: a second start is a 409 for those allowed, a 403 for the rest.
    const routes: [string, (email: string, subRole: string) => Promise<{ statusCode: number }>][] = [
      ['GET /api/security/drills', (email) => staff.send('GET', '/api/security/drills', email)],
      ['POST /api/security/drills', (email) => staff.send('POST', '/api/security/drills', email)],
      ['GET /api/security/drills/:id', (email) => staff.send('GET', `/api/security/drills/${id}`, email)],
      [
        'POST /api/security/drills/:id/rang',
        (email, subRole) => staff.send('POST', `/api/security/drills/${id}/rang`, email, { screen: `matrix-${subRole}`, ringMs: 100 }),
      ],
    ];
    for (const [route, call] of routes) {
      const answers = [];
      for (const { email, subRole } of DEMO_SIGN_INS) answers.push(`${subRole} → ${verdict((await call(email, subRole)).statusCode)}`);
      expect(answers, route).toEqual(DEMO_SIGN_INS.map(({ subRole }) => `${subRole} → ${expected(subRole)}`));
    }
    // The end last: the first allowed account ends it; a later one finds it ended (not a 403).
    const ends = [];
    for (const { email, subRole } of DEMO_SIGN_INS)
      ends.push(`${subRole} → ${verdict((await staff.send('POST', `/api/security/drills/${id}/end`, email)).statusCode)}`);
    expect(ends).toEqual(DEMO_SIGN_INS.map(({ subRole }) => `${subRole} → ${expected(subRole)}`));
    expect(await report(id, SUPER)).toMatchObject({ endedAt: expect.any(String) });
    expect((await report(id, SUPER)).screens.map((s) => s.screen).sort()).toEqual(DRILLS_ALLOWED.map((r) => `matrix-${r}`).sort());
    for (const [method, url] of [
      ['GET', '/api/security/drills'],
      ['POST', '/api/security/drills'],
      ['GET', `/api/security/drills/${id}`],
      ['POST', `/api/security/drills/${id}/rang`],
      ['POST', `/api/security/drills/${id}/end`],
    ] as const)
      expect((await h.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
  });

  it("leaves another society's drill not found", async () => {
    const lake = (await send('POST', '/api/security/drills', 'security@lakecity.test')).json<Drill>();
    expect((await send('GET', `/api/security/drills/${lake._id}`, GUARD)).statusCode).toBe(404);
    expect((await send('POST', `/api/security/drills/${lake._id}/rang`, GUARD, { screen: 'x', ringMs: 1 })).statusCode).toBe(404);
    expect((await send('POST', `/api/security/drills/${lake._id}/end`, SUPER)).statusCode).toBe(404);
    const ended = await send('POST', `/api/security/drills/${lake._id}/end`, 'security@lakecity.test');
    expect(ended.json<Drill>().endedAt).not.toBeNull();
  });

  it('keeps the drill resident out of every resident list, search and sign-in', async () => {
    const [drillResident] = await h.database.db.select().from(residents).where(eq(residents.isDrill, true)).limit(1);
    expect(drillResident).toBeDefined();
    const code = drillResident!.residentCode;
    const total = async (url: string) => {
      const res = await send('GET', url, SUPER);
      expect(res.statusCode, url).toBe(200);
      return res.json<{ total: number }>().total;
    };
    expect(await total('/api/residents?q=Drill')).toBe(0);
    expect(await total('/api/residents/pending?q=Drill')).toBe(0);
    expect(await total('/api/bills/residents?name=Drill')).toBe(0);
    expect(await total('/api/notifications/residents?q=Drill')).toBe(0);
    expect(await total('/api/audit?q=Drill')).toBe(0);
    expect(await total(`/api/audit?q=${code}`)).toBe(0);
    expect((await send('GET', `/api/residents/verify?residentId=${code}`, SUPER)).statusCode).toBe(404);
    const login = await h.app.inject({ method: 'POST', url: '/api/resident/login', payload: { phone: drillResident!.phone, password: 'x' } });
    // No password and no row for its phone at sign-in: refused like an unknown phone.
    expect([400, 401]).toContain(login.statusCode);
  });
});
