/**
 * Residents see their own requests, second part: the in-app notification records
 * (`GET /api/resident/notifications` with `unread`, `PUT /api/resident/notifications/:id/read`)
 * and the resident's own profile (`GET /api/resident/me`).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, residents } from '../../src/server/db/schema.js';
import { formatAddress } from '../../src/server/modules/residents/service.js';
import type { ResidentNotification, ResidentNotificationList } from '../../src/shared/contracts/resident.js';
import { IN_APP } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { residentTokens } from '../support/clients/sessions.js';

describe('resident API: notifications and profile', () => {
  const h = useHarness();
  const token = residentTokens(h);
  const auth = async (phone: string) => ({ authorization: await token(phone) });
  const list = async (phone: string, qs = '') => {
    const res = await h.app.inject({ method: 'GET', url: `/api/resident/notifications${qs}`, headers: await auth(phone) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ResidentNotificationList>();
  };
  const markRead = async (phone: string, id: number) =>
    h.app.inject({ method: 'PUT', url: `/api/resident/notifications/${id}/read`, headers: await auth(phone) });

  /** Files a complaint as `phone` and has the society's complaints desk proceed (and submit) it: one record each. */
  async function recordsFor(phone: string, complaints: number) {
    const cookie = await h.staffCookie(`complaints@${phone.startsWith('0300') ? 'greenvalley' : 'lakecity'}.test`);
    for (let i = 0; i < complaints; i++) {
      const filed = await h.app.inject({ method: 'POST', url: '/api/complain', headers: await auth(phone), payload: { complain: `Broken tap ${i}` } });
      expect(filed.statusCode).toBe(201);
      const id = filed.json<{ _id: number }>()._id;
      for (const payload of [{ action: 'proceed' }, { action: 'submit', response: 'Fixed', confirmed: true }]) {
        expect((await h.app.inject({ method: 'PUT', url: `/api/complain/${id}`, headers: { cookie }, payload })).statusCode).toBe(200);
      }
    }
  }

  it("lists the resident's own records newest first, 10 a page, with the unread count", async () => {
    const a = '03000000007';
    const start = await list(a);
    await recordsFor(a, 6);
    await recordsFor('03000000008', 1);
    await recordsFor('03100000007', 1);
    const first = await list(a);
    expect(first.total).toBe(start.total + 12);
    expect(first.unread).toBe(start.unread + 12);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toMatchObject({ ...IN_APP.complaintSubmit, isRead: false, refEntity: 'complaint', image: null });
    expect(first.items[1]).toMatchObject({ ...IN_APP.complaintProceed, isRead: false, refEntity: 'complaint' });
    const second = await list(a, '?page=2');
    const viaCursor = await list(a, `?after=${first.items.at(-1)!._id}`);
    expect(viaCursor.items.map((n) => n._id)).toEqual(second.items.map((n) => n._id));
    const ids = [...first.items, ...second.items].map((n) => n._id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    // Exactly A's records: compare with the table itself.
    const [me] = await h.database.db.select({ id: residents.id }).from(residents).where(eq(residents.phone, a));
    const stored = await h.database.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.residentId, me!.id));
    expect(first.total).toBe(stored.length);
    expect(ids.length).toBe(Math.min(20, stored.length));
    expect(ids.every((id) => stored.some((s) => s.id === id))).toBe(true);
  });

  it("marks one own record read, idempotently; another resident's or society's record is 404", async () => {
    const [a, b, c] = ['03000000009', '03000000010', '03100000009'];
    for (const p of [a, b, c]) await recordsFor(p, 1);
    const mine = (await list(a)).items[0]!;
    const theirs = (await list(b)).items[0]!;
    const foreign = (await list(c)).items[0]!;
    const unreadBefore = (await list(a)).unread;

    const first = await markRead(a, mine._id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ResidentNotification>()).toEqual({ ...mine, isRead: true });
    const again = await markRead(a, mine._id);
    expect(again.statusCode).toBe(200);
    expect(again.json<ResidentNotification>()).toEqual({ ...mine, isRead: true });
    const after = await list(a);
    expect(after.unread).toBe(unreadBefore - 1);
    expect(after.items.find((n) => n._id === mine._id)!.isRead).toBe(true);

    for (const other of [theirs, foreign]) {
      const res = await markRead(a, other._id);
      expect(res.statusCode).toBe(404);
    }
    expect((await markRead(a, 2_147_483_647)).statusCode).toBe(404);
    expect((await list(b)).items.find((n) => n._id === theirs._id)!.isRead).toBe(false);
    expect((await list(c)).items.find((n) => n._id === foreign._id)!.isRead).toBe(false);
    expect((await markRead(a, 0)).statusCode).toBe(400);
  });

  it("returns the resident's own profile, never the password hash or push token", async () => {
    const phone = '03000000002';
    await h.database.db.update(residents).set({ pushToken: 'device-token-secret' }).where(eq(residents.phone, phone));
    const res = await h.app.inject({ method: 'GET', url: '/api/resident/me', headers: await auth(phone) });
    expect(res.statusCode, res.body).toBe(200);
    const [r] = await h.database.db.select().from(residents).where(eq(residents.phone, phone));
    expect(res.json()).toEqual({
      residentId: r!.residentCode,
      name: r!.name,
      phoneNo: phone,
      email: r!.email,
      address: formatAddress(r!),
      house: r!.house,
      street: r!.street,
      block: r!.block,
      age: r!.age,
      designation: r!.designation,
      owner: r!.isOwner,
      fname: r!.fatherName,
      fPhoneNo: r!.fatherPhone,
      fmName: r!.fm1Name,
      fmphoneNo: r!.fm1Phone,
      fmName1: r!.fm2Name,
      fmphoneNo1: r!.fm2Phone,
      societyName: 'Green Valley',
      status: 'Approve',
      timeZone: 'Asia/Karachi',
      mustChangePassword: false,
    });
    expect(res.body).not.toContain('device-token-secret');
    expect(res.body).not.toContain('$argon2');
    const lc = await h.app.inject({ method: 'GET', url: '/api/resident/me', headers: await auth('03100000002') });
    expect(lc.json()).toMatchObject({ phoneNo: '03100000002', societyName: 'Lake City' });
  });

  it('a resident blocked after signing in gets 403 on every own read', async () => {
    const phone = '03000000001';
    const headers = await auth(phone);
    expect((await h.app.inject({ method: 'GET', url: '/api/resident/me', headers })).statusCode).toBe(200);
    await h.database.db.update(residents).set({ status: 'Block' }).where(eq(residents.phone, phone));
    // Blocked behind the server's back, not through /Status (which drops the cached token at
    // once): the cached token is refused all the same, by the database's check in each request's
    // first query.
    for (const url of ['/api/resident/me', '/api/resident/notifications', '/api/resident/complaints', '/api/resident/alarms', '/api/resident/nothome']) {
      expect((await h.app.inject({ method: 'GET', url, headers })).statusCode, url).toBe(403);
    }
  });
});
