/**
 * Residents see their own requests: the resident API's own lists — complaints, alarms,
 * not-at-home — each only the caller's rows of the caller's society, every stage, newest first,
 * 10 a page with `?page=` and the keyset cursors; bearer token only (no token or a staff cookie:
 * 401). Notifications and the profile: resident-reads-profile.test.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deskRequests, residents } from '../../src/server/db/schema.js';
import { calendarDay } from '../../src/shared/calendar.js';
import { DEFAULT_TIME_ZONE } from '../../src/shared/constants.js';
import { useHarness, type Harness } from './harness.js';
import { residentTokens } from '../support/clients/sessions.js';
import { walkResidentList } from '../support/clients/resident-lists.js';

/** The resident-API lists this file covers, and the path of each. */
const LISTS = { complaints: '/api/resident/complaints', alarms: '/api/resident/alarms', notHome: '/api/resident/nothome' } as const;
const ALL_ROUTES = [...Object.values(LISTS), '/api/resident/notifications', '/api/resident/me'];

interface Item {
  _id: number;
  stage?: string;
  state?: string;
  resident: { residentId: string };
}

/** Signs residents in once each (resident sign-in allows 20 a minute per address). */
function residentsOf(h: Harness) {
  const token = residentTokens(h);
  return async (phone: string) => {
    const authorization = await token(phone);
    const [row] = await h.database.db.select({ code: residents.residentCode }).from(residents).where(eq(residents.phone, phone));
    return { authorization, code: row!.code };
  };
}

/** Every page of a list, checked as {@link walkResidentList} does. */
const walk = (h: Harness, path: string, authorization: string) => walkResidentList<Item>(h, path, authorization);

describe('resident API: own complaints, alarms and not-at-home requests', () => {
  const h = useHarness();
  const resident = residentsOf(h);
  const send = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload: object = {}) => h.app.inject({ method, url, headers, payload });
  const created = async (res: Awaited<ReturnType<typeof send>>) => {
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ _id: number }>()._id;
  };

  /** Requests of each list filed by A (Green Valley), B (Green Valley) and C (Lake City), newest last. */
  async function fileFor(phone: string, n: { complaints: number; alarms: number; notHome: number }) {
    const { authorization } = await resident(phone);
    const auth = { authorization };
    const gvOrLc = phone.startsWith('0300') ? 'greenvalley' : 'lakecity';
    const security = { cookie: await h.staffCookie(`security@${gvOrLc}.test`) };
    const ids = { complaints: [] as number[], alarms: [] as number[], notHome: [] as number[] };
    for (let i = 0; i < n.complaints; i++)
      ids.complaints.push(await created(await send('POST', '/api/complain', auth, { complain: `Own complaint ${i} of ${phone}` })));
    for (let i = 0; i < n.alarms; i++) {
      // A press merges into the resident's open alarm: proceeding (which acknowledges) closes it.
      const id = await created(await send('POST', '/api/security', auth, { securityComplain: `SOS ${i}` }));
      ids.alarms.push(id);
      expect((await send('PUT', `/api/security/${id}`, security, { action: 'proceed', staffNote: 'Staff-only note: check the CCTV' })).statusCode).toBe(200);
      h.clock.advance(61_000); // past the SOS press limit's one-minute window
    }
    const day = calendarDay(h.clock.now(), DEFAULT_TIME_ZONE);
    for (let i = 0; i < n.notHome; i++) ids.notHome.push(await created(await send('POST', '/api/nothome', auth, { from: day, to: day })));
    if (ids.notHome.length > 0) expect((await send('PUT', `/api/nothome/${ids.notHome[0]}/cancel`, auth)).statusCode).toBe(200);
    return ids;
  }

  it("each list holds only the caller's own rows of every stage, newest first, paged by ?page= and cursors", async () => {
    const a = await resident('03000000004');
    const before = {
      complaints: (await walk(h, LISTS.complaints, a.authorization)).map((i) => i._id),
      alarms: (await walk(h, LISTS.alarms, a.authorization)).map((i) => i._id),
      notHome: (await walk(h, LISTS.notHome, a.authorization)).map((i) => i._id),
    };
    const mine = await fileFor('03000000004', { complaints: 12, alarms: 11, notHome: 11 });
    const othersB = await fileFor('03000000005', { complaints: 2, alarms: 1, notHome: 2 });
    const othersC = await fileFor('03100000004', { complaints: 2, alarms: 1, notHome: 2 });
    // Later stages stay in the list: one of A's complaints proceeded and completed.
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    expect((await send('PUT', `/api/complain/${mine.complaints[0]}`, { cookie }, { action: 'proceed' })).statusCode).toBe(200);
    expect((await send('PUT', `/api/complain/${mine.complaints[0]}`, { cookie }, { action: 'submit', response: 'Fixed', confirmed: true })).statusCode).toBe(
      200,
    );

    for (const list of ['complaints', 'alarms', 'notHome'] as const) {
      const items = await walk(h, LISTS[list], a.authorization);
      expect(
        items.map((i) => i._id),
        list,
      ).toEqual([...[...mine[list]].reverse(), ...before[list]]);
      expect(
        items.every((i) => i.resident.residentId === a.code),
        list,
      ).toBe(true);
      const foreign = [...othersB[list], ...othersC[list]];
      expect(
        items.filter((i) => foreign.includes(i._id)),
        list,
      ).toEqual([]);
      // B sees their own only, too.
      const b = await resident('03000000005');
      const bIds = (await walk(h, LISTS[list], b.authorization)).map((i) => i._id);
      expect(
        bIds.filter((id) => mine[list].includes(id) || othersC[list].includes(id)),
        list,
      ).toEqual([]);
      expect(
        othersB[list].every((id) => bIds.includes(id)),
        list,
      ).toBe(true);
    }
    const complaints = await walk(h, LISTS.complaints, a.authorization);
    expect(complaints.find((c) => c._id === mine.complaints[0])!.stage).toBe('completed');
    const notHome = await walk(h, LISTS.notHome, a.authorization);
    expect(notHome.find((n) => n._id === mine.notHome[0])!.state).toBe('cancelled');
  });

  it("shows the resident an alarm without the desk's working fields", async () => {
    const a = await resident('03000000006');
    const [id] = (await fileFor('03000000006', { complaints: 0, alarms: 1, notHome: 0 })).alarms;
    const res = await h.app.inject({ method: 'GET', url: LISTS.alarms, headers: { authorization: a.authorization } });
    const alarm = res.json<{ items: Record<string, unknown>[] }>().items.find((i) => i._id === id)!;
    expect(alarm).toMatchObject({ securityComplain: 'SOS 0', stage: 'processing', edit: true, pressCount: 1 });
    expect(alarm.acknowledgedAt).toEqual(expect.any(String));
    // Who acknowledged and the escalation are the resident's to see (the app shows "Acknowledged by <name>"; deviation 93).
    expect(alarm).toMatchObject({ acknowledgedBy: expect.any(String), escalated: false, escalatedAt: null });
    for (const hidden of ['staffNote', 'ackSeconds', 'notHomeActive']) expect(alarm).not.toHaveProperty(hidden);
    // The item by id is the same view.
    const one = await h.app.inject({ method: 'GET', url: `${LISTS.alarms}/${id}`, headers: { authorization: a.authorization } });
    expect(one.json()).toEqual(alarm);
    expect(res.body).not.toContain('Staff-only note');
    // The staff desk still has the note (it was stored, just not shown to the resident).
    const [row] = await h.database.db.select({ note: deskRequests.staffNote }).from(deskRequests).where(eq(deskRequests.id, id!));
    expect(row!.note).toBe('Staff-only note: check the CCTV');
  });

  it('answers 401 without a bearer token, with a bad one, and to a staff cookie', async () => {
    const cookies = await Promise.all(
      ['complaints@greenvalley.test', 'security@greenvalley.test', 'super-admin@greenvalley.test'].map((e) => h.staffCookie(e)),
    );
    const callers: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }, ...cookies.map((cookie) => ({ cookie }))];
    for (const headers of callers) {
      for (const url of ALL_ROUTES) {
        const res = await h.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers).slice(0, 30)}`).toBe(401);
      }
      expect((await h.app.inject({ method: 'PUT', url: '/api/resident/notifications/1/read', headers })).statusCode).toBe(401);
    }
  });

  it('refuses a bad page or cursor with 400 naming the field', async () => {
    const { authorization } = await resident('03000000004');
    for (const url of [...Object.values(LISTS), '/api/resident/notifications']) {
      for (const [qs, field] of [
        ['?page=0', 'page'],
        ['?page=x', 'page'],
        ['?after=-1', 'after'],
        ['?before=1.5', 'before'],
      ] as const) {
        const res = await h.app.inject({ method: 'GET', url: url + qs, headers: { authorization } });
        expect(res.statusCode, url + qs).toBe(400);
        expect(res.json<{ field?: string }>().field).toBe(field);
      }
    }
  });
});
