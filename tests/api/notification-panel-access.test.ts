import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationCampaigns, outbox } from '../../src/server/db/schema.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';

/** The notification panel's routes: notification and super-admin only, signed in. */
describe('notification panel access', () => {
  const h = useHarness();
  const message = { title: 'Access check', body: 'Should not be sent.' };
  const routes: [method: 'GET' | 'POST', url: string, body?: object][] = [
    ['POST', '/api/notifications/broadcast', message],
    ['POST', '/api/notifications/send', { ...message, residentId: 1 }],
    ['GET', '/api/notifications/residents?name=a'],
    ['GET', '/api/notifications/campaigns'],
    ['GET', '/api/notifications/campaigns/1'],
  ];
  const written = async () => ({
    campaigns: Number((await h.database.db.select({ n: count() }).from(notificationCampaigns))[0]!.n),
    outbox: Number((await h.database.db.select({ n: count() }).from(outbox))[0]!.n),
  });

  it('gives 403 to every other sub-role and 401 without a session, writing nothing', async () => {
    const before = await written();
    for (const handle of ['complaints', 'security', 'grocery', 'doctor', 'billing', 'status', 'residence', 'cms', 'announcements']) {
      const cookie = await h.staffCookie(`${handle}@greenvalley.test`);
      for (const [method, url, payload] of routes) {
        const res = await h.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${handle} ${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ message: MSG.notAvailable });
      }
    }
    for (const [method, url, payload] of routes) {
      expect((await h.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, `${method} ${url}`).toBe(401);
    }
    // A resident's bearer token is not a staff session.
    const authorization = await h.residentAuth('03000000001');
    expect((await h.app.inject({ method: 'POST', url: '/api/notifications/broadcast', headers: { authorization }, payload: message })).statusCode).toBe(401);
    expect(await written()).toEqual(before);
  });

  it('lets the notification desk and super-admin of both societies use the panel', async () => {
    for (const email of ['notification@greenvalley.test', 'super-admin@greenvalley.test', 'notification@lakecity.test', 'super-admin@lakecity.test']) {
      const cookie = await h.staffCookie(email);
      const res = await h.app.inject({ method: 'GET', url: '/api/notifications/residents?name=', headers: { cookie } });
      expect(res.statusCode, email).toBe(200);
      expect(res.json<{ total: number }>().total, email).toBeGreaterThan(0);
      expect((await h.app.inject({ method: 'GET', url: '/api/notifications/campaigns', headers: { cookie } })).statusCode, email).toBe(200);
    }
  });
});
