import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GUARD_MSG, NOT_HOME_MSG, addYears, type NotHome } from '../../src/shared/contracts/not-home.js';
import { auditLog, notHomeRequests, societies } from '../../src/server/db/schema.js';
import { calendarDay } from '../../src/shared/calendar.js';
import { DEFAULT_TIME_ZONE } from '../../src/shared/constants.js';
import { useHarness } from './harness.js';
import { residentTokens } from '../support/clients/sessions.js';
import { postNotHome } from '../support/clients/not-home.js';

const DAY_MS = 86_400_000;

describe('not at home', () => {
  const h = useHarness();
  /** The date `offset` days from the app clock's today. */
  const day = (offset: number) => calendarDay(new Date(h.clock.now().getTime() + offset * DAY_MS), DEFAULT_TIME_ZONE);
  const plusDays = (date: string, n: number) => new Date(Date.parse(date) + n * DAY_MS).toISOString().slice(0, 10);
  const rowCounts = async () => {
    const [r] = await h.database.db.select({ n: count() }).from(notHomeRequests);
    const [a] = await h.database.db.select({ n: count() }).from(auditLog);
    return { requests: Number(r!.n), audit: Number(a!.n) };
  };
  // One sign-in per resident for the whole file: resident sign-in allows 20 a minute per address.
  const token = residentTokens(h);
  const resident = async (phone: string) => {
    const authorization = await token(phone);
    return {
      file: (from: string, to: string) => postNotHome(h.app, authorization, { from, to }),
      end: (id: number, what: 'cancel' | 'arrived') => h.app.inject({ method: 'PUT', url: `/api/nothome/${id}/${what}`, headers: { authorization } }),
    };
  };
  const staff = async (email: string) => {
    const cookie = await h.staffCookie(email);
    return {
      list: (state: string, q = '') => h.app.inject({ method: 'GET', url: `/api/nothome?state=${state}&q=${encodeURIComponent(q)}`, headers: { cookie } }),
      assign: (id: number, payload: object) => h.app.inject({ method: 'PUT', url: `/api/nothome/update/${id}`, headers: { cookie }, payload }),
    };
  };

  it('files a request (to not before from) and lists it as active for button-one of that society', async () => {
    const r = await resident('03000000041');
    const bad = await r.file(day(3), day(1));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('to');
    expect((await r.file('2026-13-01', day(1))).json().field).toBe('from');
    const ok = await r.file(day(0), day(2));
    expect(ok.statusCode).toBe(201);
    const item = ok.json<NotHome>();
    expect(item).toMatchObject({ Status: true, cancelled: false, state: 'active', days: 3 });
    const gv = await staff('security@greenvalley.test');
    expect((await gv.list('active')).json<{ items: NotHome[] }>().items.map((x) => x._id)).toContain(item._id);
    const lc = await staff('security@lakecity.test');
    expect((await lc.list('active')).json<{ items: NotHome[] }>().items.map((x) => x._id)).not.toContain(item._id);
    expect((await lc.assign(item._id, { guardName: 'A', guardPhone: '03001234567', guardEmail: 'a@b.co' })).statusCode).toBe(404);
    expect((await (await staff('complaints@greenvalley.test')).list('active')).statusCode).toBe(403);
  });

  it.each([
    [{ guardPhone: '03001234567', guardEmail: 'g@x.pk' }, 'guardName', GUARD_MSG.nameRequired],
    [{ guardName: ' ', guardPhone: '03001234567', guardEmail: 'g@x.pk' }, 'guardName', GUARD_MSG.nameRequired],
    [{ guardName: 'Aslam', guardEmail: 'g@x.pk' }, 'guardPhone', GUARD_MSG.phoneRequired],
    [{ guardName: 'Aslam', guardPhone: '', guardEmail: 'g@x.pk' }, 'guardPhone', GUARD_MSG.phoneRequired],
    [{ guardName: 'Aslam', guardPhone: '0300123456', guardEmail: 'g@x.pk' }, 'guardPhone', GUARD_MSG.phoneInvalid],
    [{ guardName: 'Aslam', guardPhone: '0300-1234567', guardEmail: 'g@x.pk' }, 'guardPhone', GUARD_MSG.phoneInvalid],
    [{ guardName: 'Aslam', guardPhone: '03001234567' }, 'guardEmail', GUARD_MSG.emailRequired],
    [{ guardName: 'Aslam', guardPhone: '03001234567', guardEmail: 'not-an-email' }, 'guardEmail', GUARD_MSG.emailInvalid],
  ])('guard form %j → 400 on %s with the spec message, nothing stored', async (payload, field, message) => {
    const r = await resident('03000000042');
    const item = (await r.file(day(0), day(1))).json<NotHome>();
    const s = await staff('security@greenvalley.test');
    const res = await s.assign(item._id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, message });
    const after = (await s.list('active')).json<{ items: NotHome[] }>().items.find((x) => x._id === item._id)!;
    expect(after.guardName).toBeNull();
  });

  it("assigns a guard, stores 'from X to Y' and queues the 'Guard Assigned' push", async () => {
    const r = await resident('03000000043');
    const item = (await r.file(day(1), day(4))).json<NotHome>();
    const s = await staff('security@greenvalley.test');
    const res = await s.assign(item._id, { guardName: 'Aslam Pervaiz', guardPhone: '03451234567', guardEmail: 'aslam@guards.pk' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      guardName: 'Aslam Pervaiz',
      guardPhone: '03451234567',
      guardEmail: 'aslam@guards.pk',
      dateAndTime: `from ${day(1)} to ${day(4)}`,
    });
    await h.outbox.poke();
    expect(h.pushes.some((p) => p.title === 'Guard Assigned' && p.data?.documentId === String(item._id))).toBe(true);
    // With a guard it is no longer a "new request" for the bell.
    const cookie = await h.staffCookie('security@greenvalley.test');
    const unassigned = await h.app.inject({ method: 'GET', url: '/api/nothome?state=active&guard=unassigned', headers: { cookie } });
    expect(unassigned.json<{ items: NotHome[] }>().items.map((x) => x._id)).not.toContain(item._id);
    expect((await s.list('active')).json<{ items: NotHome[] }>().items.map((x) => x._id)).toContain(item._id);
  });

  it('the resident cancels or reports arrival of their own request only, once', async () => {
    const r = await resident('03000000044');
    const other = await resident('03000000045');
    const a = (await r.file(day(0), day(3))).json<NotHome>();
    const b = (await r.file(day(5), day(6))).json<NotHome>();
    expect((await other.end(a._id, 'cancel')).statusCode).toBe(404);
    const cancelled = await r.end(a._id, 'cancel');
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', cancelled: true, Status: false });
    expect((await r.end(a._id, 'arrived')).statusCode).toBe(409);
    expect((await r.end(b._id, 'arrived')).json()).toMatchObject({ state: 'arrived', Status: false, cancelled: false });
    const s = await staff('security@greenvalley.test');
    expect((await s.list('cancelled')).json<{ items: NotHome[] }>().items.map((x) => x._id)).toContain(a._id);
    expect((await s.list('arrived')).json<{ items: NotHome[] }>().items.map((x) => x._id)).toContain(b._id);
    expect((await s.list('active')).json<{ items: NotHome[] }>().items.map((x) => x._id)).not.toContain(a._id);
    expect((await s.assign(a._id, { guardName: 'A', guardPhone: '03001234567', guardEmail: 'a@b.co' })).statusCode).toBe(409);
  });

  it('the arrival job completes requests whose return date has passed (today from the app clock)', async () => {
    const r = await resident('03000000047');
    const item = (await r.file(day(0), day(1))).json<NotHome>();
    h.clock.advance(DAY_MS);
    await h.notHome.arriveDue();
    // Sign in after each move of the clock: sessions expire by the app clock too.
    const s1 = await staff('security@greenvalley.test');
    expect((await s1.list('active')).json<{ items: NotHome[] }>().items.map((x) => x._id)).toContain(item._id);
    h.clock.advance(DAY_MS);
    await h.notHome.arriveDue();
    const s = await staff('security@greenvalley.test');
    const arrived = (await s.list('arrived')).json<{ items: NotHome[] }>().items.find((x) => x._id === item._id);
    expect(arrived).toMatchObject({ Status: false, state: 'arrived', arrivedAt: h.clock.now().toISOString() });
  });

  it.each([
    [{ from: '2026-02-31', to: '2026-03-02' }, 'from'],
    [{ from: '2027-02-29', to: '2027-03-02' }, 'from'],
    [{ from: '0000-01-01', to: '2026-03-02' }, 'from'],
    [{ from: '2026-04-31', to: '2026-05-02' }, 'from'],
    [{ from: '2026-00-10', to: '2026-05-02' }, 'from'],
    [{ from: 'today', to: '2031-01-01' }, 'to'],
    [{ from: 'today', to: '2027-02-29' }, 'to'],
    [{ from: 'today', to: '0000-01-01' }, 'to'],
  ])('impossible date %j → 400 naming %s, nothing written', async (dates, field) => {
    const r = await resident('03000000048');
    const from = dates.from === 'today' ? day(0) : dates.from;
    const to = dates.to === '2031-01-01' ? '2031-13-01' : dates.to;
    const before = await rowCounts();
    const res = await r.file(from, to);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, message: NOT_HOME_MSG.notACalendarDate });
    expect(await rowCounts()).toEqual(before);
  });

  it('dates are bounded: not in the past, at most a year away, at most a year long (today from the app clock)', async () => {
    h.clock.set(new Date('2031-03-10T12:00:00Z'));
    token.clear(); // resident tokens expire by the app clock
    const r = await resident('03000000049');
    const before = await rowCounts();
    const refused = [
      [day(-1), day(2), 'from', NOT_HOME_MSG.fromInPast],
      [plusDays(addYears(day(0), 1), 1), plusDays(addYears(day(0), 1), 1), 'from', NOT_HOME_MSG.fromTooFar],
      [day(3), plusDays(addYears(day(3), 1), 1), 'to', NOT_HOME_MSG.tooLong],
      [day(3), day(2), 'to', NOT_HOME_MSG.toBeforeFrom],
    ] as const;
    for (const [from, to, field, message] of refused) {
      const res = await r.file(from, to);
      expect(res.statusCode, `${from}..${to}`).toBe(400);
      expect(res.json()).toMatchObject({ field, message });
    }
    expect(await rowCounts()).toEqual(before);
    // The edges are allowed: from today, from a year away, a window of exactly a year.
    expect(day(0)).toBe('2031-03-10');
    for (const [from, to] of [
      [day(0), day(0)],
      [addYears(day(0), 1), addYears(day(0), 1)],
      [day(3), addYears(day(3), 1)],
    ]) {
      const res = await r.file(from!, to!);
      expect(res.statusCode, `${from}..${to}`).toBe(201);
      expect(res.json<NotHome>()).toMatchObject({ from, to });
    }
  });

  it("'today' is the society's calendar day, for filing and for the arrival job, wherever the server runs", async () => {
    // Lake City moves to UTC+14; the clock goes to 12:00 UTC, when its calendar is a day ahead of UTC's.
    const lakeCity = eq(societies.name, 'Lake City');
    const zone = 'Pacific/Kiritimati';
    await h.database.db.update(societies).set({ timeZone: zone }).where(lakeCity);
    try {
      const now = h.clock.now().getTime();
      h.clock.advance(((DAY_MS + 12 * 3_600_000 - (now % DAY_MS)) % DAY_MS) + 1);
      const utcDay = h.clock.now().toISOString().slice(0, 10);
      const localDay = calendarDay(h.clock.now(), zone);
      expect(localDay, 'a day ahead of UTC').toBe(plusDays(utcDay, 1));

      const r = await resident('03100000001');
      const yesterday = await r.file(utcDay, localDay);
      expect(yesterday.statusCode, 'UTC today is yesterday in the society').toBe(400);
      expect(yesterday.json()).toMatchObject({ field: 'from' });
      const filed = await r.file(localDay, localDay);
      expect(filed.statusCode).toBe(201);
      const id = filed.json<NotHome>()._id;

      // A day later it is 12:00 UTC on localDay, the day after localDay in the society: back home.
      h.clock.advance(DAY_MS);
      expect(h.clock.now().toISOString().slice(0, 10)).toBe(localDay);
      await h.notHome.arriveDue();
      const [row] = await h.database.db.select({ state: notHomeRequests.state }).from(notHomeRequests).where(eq(notHomeRequests.id, id));
      expect(row?.state).toBe('arrived');
    } finally {
      await h.database.db.update(societies).set({ timeZone: DEFAULT_TIME_ZONE }).where(lakeCity);
    }
  });
});
