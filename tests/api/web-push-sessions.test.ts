/**
 * A Web Push subscription lives as long as the sign-in that stored it: when that session ends —
 * sign-out, the resident's password change on another phone, a staff reset, a block — the
 * subscription is gone with it, so a phone whose session was taken away receives no more pushes.
 * Each test makes its own resident in Green Valley (the demo's status staff act on them).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { societies, webPushSubscriptions } from '../../src/server/db/schema.js';
import { startPushService, type LocalPushService } from '../support/push-service.js';
import { societyWithResident } from '../support/rows.js';
import { useHarness } from './harness.js';

describe('web push subscriptions end with their session', () => {
  const h = useHarness({ WEB_PUSH_TEST_HOSTS: '127.0.0.1' });
  const db = () => h.database.db;
  let service: LocalPushService;
  beforeAll(async () => {
    service = await startPushService({ expectKey: () => undefined });
  });
  afterAll(async () => {
    await service?.close();
  });

  let n = 0;
  async function residentWithTwoPhones() {
    const [gv] = await db().select({ id: societies.id }).from(societies).where(eq(societies.name, 'Green Valley'));
    const r = await societyWithResident(db(), { name: `Push Session ${++n}`, societyId: gv!.id });
    const signIn = async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/resident/login',
        remoteAddress: `10.30.${n}.1`,
        payload: { phone: r.phone, password: r.password },
      });
      expect(res.statusCode, res.body).toBe(200);
      return `Bearer ${res.json<{ token: string }>().token}`;
    };
    const phones = [await signIn(), await signIn()];
    const endpoints: string[] = [];
    for (const authorization of phones) {
      const s = service.subscribe();
      const res = await h.app.inject({ method: 'POST', url: '/api/resident/web-push', headers: { authorization }, payload: s });
      expect(res.statusCode, res.body).toBe(201);
      endpoints.push(s.endpoint);
    }
    const left = async () =>
      (await db().select({ endpoint: webPushSubscriptions.endpoint }).from(webPushSubscriptions).where(eq(webPushSubscriptions.residentId, r.residentId)))
        .map((s) => s.endpoint)
        .sort();
    expect(await left()).toEqual([...endpoints].sort());
    return { r, phones, endpoints, left };
  }
  const staff = async (method: 'PUT' | 'POST', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: { cookie: await h.staffCookie('status@greenvalley.test') }, ...(payload ? { payload } : {}) });

  it('sign-out on one phone ends that phone’s subscription only', async () => {
    const { phones, endpoints, left } = await residentWithTwoPhones();
    expect((await h.app.inject({ method: 'POST', url: '/api/resident/logout', headers: { authorization: phones[0]! } })).statusCode).toBeLessThan(300);
    expect(await left()).toEqual([endpoints[1]]);
  });

  it('a password change on one phone ends the other phone’s subscription, and keeps its own', async () => {
    const { r, phones, endpoints, left } = await residentWithTwoPhones();
    const res = await h.app.inject({
      method: 'PUT',
      url: '/api/resident/password',
      remoteAddress: '10.31.0.1',
      headers: { authorization: phones[1]! },
      payload: { currentPassword: r.password, newPassword: 'another-password-3' },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await left()).toEqual([endpoints[1]]);
  });

  it('a staff reset and a block each end every subscription of the resident', async () => {
    const reset = await residentWithTwoPhones();
    expect((await staff('POST', `/api/residents/${reset.r.residentId}/reset-password`)).statusCode).toBe(200);
    expect(await reset.left()).toEqual([]);

    const blocked = await residentWithTwoPhones();
    expect((await staff('PUT', `/api/residents/${blocked.r.residentId}/status`, { status: 'Block' })).statusCode).toBe(200);
    expect(await blocked.left()).toEqual([]);
  });

  it('a session deleted as the purge deletes expired ones ends its subscription too', async () => {
    const { r, left } = await residentWithTwoPhones();
    await db().execute(sql`delete from resident_sessions where resident_id = ${r.residentId}`);
    expect(await left()).toEqual([]);
  });
});
