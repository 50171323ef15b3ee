/**
 * Admission control on the real app (plugins/admission.ts): with the main database lane taken,
 * list work beyond the queue limit is refused at once with 503 while the alarm path (press, inbox,
 * acknowledgement) and health are admitted; and a request whose client has gone before it reached
 * the database writes nothing. Runs on either database.
 */
import { request } from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { MAIN_POOL_MAX } from '../../src/server/db/client.js';
import { deskRequests, residents } from '../../src/server/db/schema.js';
import { waitFor } from '../support/wait-for.js';
import { useHarness } from './harness.js';
import { holdMainLane } from '../support/main-lane.js';
import { pressSos } from '../support/clients/security.js';

describe('admission control', () => {
  const h = useHarness({ ADMISSION_MAX_QUEUE: '1' });
  let url: string;
  beforeAll(async () => {
    url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /**
   * Takes every connection of the main lane (the embedded database's one session; a PostgreSQL
   * server's MAIN_POOL_MAX) until `release()`: what a flood of slow list work does.
   */
  const takeMainLane = () => holdMainLane(h.database.db, h.database.kind === 'pglite' ? 1 : MAIN_POOL_MAX);

  it('refuses list work at once while the main lane is saturated; the SOS press, the inbox and health go in', async () => {
    const staff = await h.staffCookie('security@greenvalley.test');
    const resident = await h.residentAuth('03000000021');
    const lane = await takeMainLane();
    try {
      // One list read waits for a connection: the queue limit (1) is reached.
      const waiting = h.app.inject({ method: 'GET', url: '/api/security?stage=new', headers: { cookie: staff } });
      await waitFor(() => h.database.mainLaneLoad().waiting >= 1, 'a list read waiting for the main lane');

      const refused = await h.app.inject({ method: 'GET', url: '/api/security?stage=completed', headers: { cookie: staff } });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json<{ message: string }>().message).toBe(MSG.busy);
      expect(h.admission.refused().queue).toBeGreaterThanOrEqual(1);

      // The alarm path is admitted (on PostgreSQL it has its own connections and answers now;
      // on the embedded database it waits its turn at the one session, ahead of the list).
      const press = pressSos(h.app, resident);
      const inbox = h.app.inject({ method: 'GET', url: '/api/security/alarms', headers: { cookie: staff } });
      const health = h.app.inject({ method: 'GET', url: '/api/health' });
      await lane.release();
      expect((await press).statusCode).toBe(201);
      expect((await inbox).statusCode).toBe(200);
      expect((await health).statusCode).toBe(200);
      expect((await waiting).statusCode).toBe(200);
    } finally {
      await lane.release();
    }
  });

  it('a complaint whose client hung up while it waited for the database is never filed', async () => {
    const phone = '03000000022';
    const authorization = await h.residentAuth(phone);
    const [me] = await h.database.db.select({ id: residents.id }).from(residents).where(eq(residents.phone, phone));
    const filed = async () =>
      (
        await h.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(deskRequests)
          .where(and(eq(deskRequests.residentId, me!.id), eq(deskRequests.desk, 'complaint')))
      )[0]!.n;
    const before = await filed();

    const lane = await takeMainLane();
    try {
      const { port } = new URL(url);
      const body = JSON.stringify({ complain: 'Hung up before it was stored' });
      const req = request({
        host: '127.0.0.1',
        port: Number(port),
        method: 'POST',
        path: '/api/complain',
        headers: { authorization, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('error', () => undefined);
      req.end(body);
      await waitFor(() => h.admission.inFlight() === 1 && h.database.mainLaneLoad().waiting >= 1, 'the complaint waiting for the main lane');
      req.destroy();
      await waitFor(() => req.destroyed, 'the client gone');
    } finally {
      await lane.release();
    }
    await waitFor(() => h.admission.inFlight() === 0, 'the abandoned request finished');
    expect(await filed()).toBe(before);

    // The same complaint, over HTTP, from a client that waits for its answer is filed (its body
    // read, the request stream closed, the client still there), and a read is answered.
    const res = await fetch(`${url}/api/complain`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ complain: 'Waited for the answer' }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await filed()).toBe(before + 1);
    expect((await fetch(`${url}/api/resident/complaints`, { headers: { authorization } })).status).toBe(200);
  });
});
