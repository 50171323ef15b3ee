/**
 * A resident on a staff reset's temporary password is held by the server, as staff are: the
 * token that password gives opens the profile, the society read, the password change and
 * sign-out, and nothing else (no prescription, no complaint, no SOS, no push registration, no
 * socket) until the resident chose their own. The reset is audited with the staff member and
 * pushed to the resident's device. Each test makes its own resident in Green Valley.
 */
import { and, eq, sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { auditLog, deskRequests, outbox, residents, societies, staffUsers, webPushSubscriptions } from '../../src/server/db/schema.js';
import type { ResidentProfile } from '../../src/shared/contracts/resident.js';
import { MSG, PUSH } from '../../src/shared/messages.js';
import { societyWithResident } from '../support/rows.js';
import { staffScreens } from '../support/staff-socket.js';
import { useHarness } from './harness.js';

const STATUS = 'status@greenvalley.test';
const SUBSCRIPTION = { endpoint: 'https://fcm.googleapis.com/fcm/send/held-test', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } };

describe('a resident on a temporary password is held by the server', () => {
  const h = useHarness();
  const screens = staffScreens(h);
  const db = () => h.database.db;
  let n = 0;
  let address = 0;
  /** Sign-ins from addresses of their own: the per-address limit is not what these tests are about. */
  const login = (phone: string, password: string) =>
    h.app.inject({ method: 'POST', url: '/api/resident/login', remoteAddress: `10.40.0.${++address}`, payload: { phone, password } });
  const bearer = async (phone: string, password: string) => {
    const res = await login(phone, password);
    expect(res.statusCode, res.body).toBe(200);
    return `Bearer ${res.json<{ token: string }>().token}`;
  };
  const send = (authorization: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: { authorization }, remoteAddress: '10.40.1.1', ...(payload ? { payload } : {}) });

  /** A Green Valley resident with a consultation the doctor desk prescribed, then reset by the status desk. */
  async function heldResident() {
    const [gv] = await db().select({ id: societies.id }).from(societies).where(eq(societies.name, 'Green Valley'));
    const r = await societyWithResident(db(), { name: `Held ${++n}`, societyId: gv!.id });
    const own = await bearer(r.phone, r.password);
    const filed = await send(own, 'POST', '/api/doctor', { description: 'Blood pressure' });
    expect(filed.statusCode, filed.body).toBe(201);
    const doctor = await h.staffCookie('doctor@greenvalley.test');
    const id = filed.json<{ _id: number }>()._id;
    const prescribe = { disease: 'Hypertension', medicine: 'Amlodipine 5 mg', testNeeded: 'Lipid profile', thingsToDo: 'Walk daily' };
    expect(
      (await h.app.inject({ method: 'PUT', url: `/api/doctor/${id}/link`, headers: { cookie: doctor }, payload: { meetingId: `room-${id}` } })).statusCode,
    ).toBe(200);
    expect(
      (await h.app.inject({ method: 'PUT', url: `/api/consultations/${id}/prescription`, headers: { cookie: doctor }, payload: prescribe })).statusCode,
    ).toBe(200);
    await db()
      .update(residents)
      .set({ pushToken: `device-of-${r.residentId}` })
      .where(eq(residents.id, r.residentId));
    const reset = await h.app.inject({
      method: 'POST',
      url: `/api/residents/${r.residentId}/reset-password`,
      headers: { cookie: await h.staffCookie(STATUS) },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const { temporaryPassword } = reset.json<{ temporaryPassword: string }>();
    const signedIn = await login(r.phone, temporaryPassword);
    expect(signedIn.json()).toMatchObject({ mustChangePassword: true });
    return { ...r, temporaryPassword, held: `Bearer ${signedIn.json<{ token: string }>().token}` };
  }

  it('refuses the prescription, a complaint, an SOS and every other kind of route with 403, writing nothing; the four account routes answer', async () => {
    const r = await heldResident();
    const refused: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['the consultations and their prescription', 'GET', '/api/resident/consultations'],
      ['a complaint', 'POST', '/api/complain', { complain: 'Filed by whoever holds the temporary password' }],
      ['an SOS press (the alarm lane)', 'POST', '/api/security', {}],
      ['a grocery order', 'POST', '/api/grocery', {}],
      ['the bills', 'GET', '/api/resident/bills'],
      ['the in-app records', 'GET', '/api/resident/notifications'],
      ['the feed', 'GET', '/api/resident/feed'],
      ['a push token', 'PUT', '/api/resident/push-token', { token: 'someone-elses-phone' }],
      ['a Web Push subscription', 'POST', '/api/resident/web-push', SUBSCRIPTION],
      ['the VAPID key', 'GET', '/api/resident/web-push/key'],
    ];
    for (const [what, method, url, payload] of refused) {
      const res = await send(r.held, method, url, payload);
      expect(`${what}: ${res.statusCode} ${res.json<{ message: string }>().message}`).toBe(`${what}: 403 ${MSG.residentChangeTemporaryPassword}`);
    }
    expect(await db().select().from(deskRequests).where(eq(deskRequests.residentId, r.residentId))).toHaveLength(1);
    const [account] = await db().select({ pushToken: residents.pushToken }).from(residents).where(eq(residents.id, r.residentId));
    expect(account!.pushToken).toBe(`device-of-${r.residentId}`);
    expect(await db().select().from(webPushSubscriptions).where(eq(webPushSubscriptions.residentId, r.residentId))).toEqual([]);

    const me = await send(r.held, 'GET', '/api/resident/me');
    expect(me.statusCode).toBe(200);
    expect(me.json<ResidentProfile>().mustChangePassword).toBe(true);
    expect((await send(r.held, 'GET', '/api/resident/society')).statusCode).toBe(200);
    const other = `Bearer ${(await login(r.phone, r.temporaryPassword)).json<{ token: string }>().token}`;
    expect((await send(other, 'POST', '/api/resident/logout')).statusCode).toBe(204);
    // A temporary password gives one live token at a time: that sign-in ended the first one.
    expect((await send(r.held, 'GET', '/api/resident/me')).statusCode).toBe(401);
    const again = `Bearer ${(await login(r.phone, r.temporaryPassword)).json<{ token: string }>().token}`;
    expect((await send(again, 'PUT', '/api/resident/password', { currentPassword: r.temporaryPassword, newPassword: 'my-own-password-9' })).statusCode).toBe(
      204,
    );
  });

  it('after the password change the same token is served at once, though it was just read as held (no waiting for the token cache)', async () => {
    const r = await heldResident();
    expect((await send(r.held, 'GET', '/api/resident/consultations')).statusCode).toBe(403);
    const changed = await send(r.held, 'PUT', '/api/resident/password', { currentPassword: r.temporaryPassword, newPassword: 'my-own-password-9' });
    expect(changed.statusCode, changed.body).toBe(204);
    // The clock has not moved: a cached "held" would still be served for SESSION_CACHE_MS.
    const consultations = await send(r.held, 'GET', '/api/resident/consultations');
    expect(consultations.statusCode, consultations.body).toBe(200);
    expect(consultations.json<{ items: { prescription: unknown }[] }>().items[0]!.prescription).toMatchObject({ disease: 'Hypertension' });
    expect((await send(r.held, 'GET', '/api/resident/me')).json<ResidentProfile>().mustChangePassword).toBe(false);
    expect((await send(r.held, 'POST', '/api/security', {})).statusCode).toBe(201);
  });

  it('refuses the socket handshake while held, and accepts it once the password is changed', async () => {
    const r = await heldResident();
    const open = () =>
      new Promise<string>((resolve) => {
        const s = connect(screens.url(), { transports: ['websocket'], auth: { token: r.held.replace(/^Bearer /, '') }, reconnection: false });
        s.once('connect', () => {
          s.close();
          resolve('connected');
        });
        s.once('connect_error', (e) => {
          s.close();
          resolve(e.message);
        });
      });
    expect(await open()).toBe('unauthorized');
    expect((await send(r.held, 'PUT', '/api/resident/password', { currentPassword: r.temporaryPassword, newPassword: 'my-own-password-9' })).statusCode).toBe(
      204,
    );
    expect(await open()).toBe('connected');
  });

  it('records who reset the password, and queues the push telling the resident to the device they have', async () => {
    const r = await heldResident();
    const [status] = await db().select({ id: staffUsers.id, name: staffUsers.name }).from(staffUsers).where(eq(staffUsers.email, STATUS));
    const audited = await db()
      .select({ actorKind: auditLog.actorKind, actorId: auditLog.actorId, actorName: auditLog.actorName })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'resident'), eq(auditLog.entityId, r.residentId), eq(auditLog.action, 'reset-password')));
    expect(audited).toEqual([{ actorKind: 'staff', actorId: status!.id, actorName: status!.name }]);
    const queued = await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.kind, 'push'), sql`${outbox.payload}->>'residentId' = ${String(r.residentId)}`));
    expect(queued.map((q) => q.payload)).toContainEqual(
      expect.objectContaining({ to: `device-of-${r.residentId}`, residentId: r.residentId, title: PUSH.passwordReset.title, body: PUSH.passwordReset.body }),
    );
  });
});
