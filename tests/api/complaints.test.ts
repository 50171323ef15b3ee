import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, deskRequests, notifications, outbox } from '../../src/server/db/schema.js';
import { MSG } from '../../src/shared/messages.js';
import type { Complaint } from '../../src/shared/contracts/complaints.js';
import { useHarness } from './harness.js';
import { complaintsDesk, fileComplaint, postComplaint } from '../support/clients/complaints.js';

describe('complaints desk', () => {
  const h = useHarness();
  const { list, put } = complaintsDesk(h);
  const file = (phone: string, complain: string) => fileComplaint(h, phone, complain);
  const rowCounts = async (id: number) => {
    const db = h.database.db;
    const [n] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.refEntity, 'complaint'), eq(notifications.refId, id)));
    const [a] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'complaint'), eq(auditLog.entityId, id)));
    const [o] = await db.select({ n: count() }).from(outbox);
    const [row] = await db.select().from(deskRequests).where(eq(deskRequests.id, id));
    return { notifications: Number(n!.n), audit: Number(a!.n), outbox: Number(o!.n), row: row! };
  };

  it('lists 10 per page, newest first, only the stage asked for, with the total', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    for (const stage of ['new', 'processing', 'completed'] as const) {
      const res = await list(cookie, `?stage=${stage}`);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ items: Complaint[]; total: number }>();
      expect(body.total).toBeGreaterThan(0);
      expect(body.items.length).toBe(Math.min(10, body.total));
      expect(body.items.every((c) => c.stage === stage && c.societyName === 'Green Valley')).toBe(true);
      const times = body.items.map((c) => c.pressedTime);
      expect([...times].sort().reverse()).toEqual(times);
    }
    const first = (await list(cookie, '?stage=new')).json<{ items: Complaint[]; total: number }>();
    expect(first.total, 'the demo data fills more than one page').toBeGreaterThan(10);
    const second = (await list(cookie, '?stage=new&page=2')).json<{ items: Complaint[] }>();
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.map((c) => c._id).filter((id) => first.items.some((f) => f._id === id))).toEqual([]);
  });

  it('searches on the server, literally (LIKE wildcards are escaped)', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    const mine = await file('03000000002', 'Zebra-crossing paint 100%_worn near gate');
    const hit = (await list(cookie, `?stage=new&q=${encodeURIComponent('100%_worn')}`)).json<{ items: Complaint[]; total: number }>();
    expect(hit.items.map((c) => c._id)).toEqual([mine._id]);
    const wildcard = (await list(cookie, `?stage=new&q=${encodeURIComponent('%')}`)).json<{ total: number }>();
    expect(wildcard.total).toBe(1);
    const byName = (await list(cookie, `?stage=new&q=${encodeURIComponent(mine.resident.name)}`)).json<{ items: Complaint[] }>();
    expect(byName.items.some((c) => c._id === mine._id)).toBe(true);
  });

  it('takes a complaint from new to completed, recording notifications, pushes and audit', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    const c = await file('03000000003', 'Streetlight outside house is off');
    expect(c).toMatchObject({ stage: 'new', complainStatus: 'new', status: false, edit: false, response: null });
    const before = await rowCounts(c._id);

    const proceeded = await put(cookie, c._id, { action: 'proceed' });
    expect(proceeded.statusCode).toBe(200);
    expect(proceeded.json()).toMatchObject({ stage: 'processing', complainStatus: 'pending', status: false, edit: true });
    expect(proceeded.json().pressedTime1).not.toBeNull();

    const submitted = await put(cookie, c._id, { action: 'submit', response: 'Fixed by the electrician', confirmed: true });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ stage: 'completed', complainStatus: 'completed', status: true, response: 'Fixed by the electrician' });

    const after = await rowCounts(c._id);
    expect(after.notifications - before.notifications).toBe(2);
    expect(after.outbox - before.outbox).toBe(2);
    const detail = (await h.app.inject({ method: 'GET', url: `/api/complain/${c._id}`, headers: { cookie } })).json();
    expect(detail.history.map((e: { action: string; fromStage: string | null; toStage: string }) => [e.action, e.fromStage, e.toStage])).toEqual([
      ['create', null, 'new'],
      ['proceed', 'new', 'processing'],
      ['submit', 'processing', 'completed'],
    ]);
    expect(detail.history[1].actorName.length).toBeGreaterThan(0);
    // The outbox worker delivers both pushes with the spec's titles.
    await h.outbox.poke();
    const titles = h.pushes.filter((p) => p.data?.documentId === String(c._id)).map((p) => p.title);
    expect(titles).toEqual(['Complain Reviewed', 'Complain Resolved']);
  });

  it('refuses the wrong stage with 409 and changes nothing', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    const c = await file('03000000004', 'Garbage not collected for three days');
    const early = await put(cookie, c._id, { action: 'submit', response: 'done', confirmed: true });
    expect(early.statusCode).toBe(409);
    expect((await put(cookie, c._id, { action: 'proceed' })).statusCode).toBe(200);
    const again = await put(cookie, c._id, { action: 'proceed' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.wrongStage);
    const counts = await rowCounts(c._id);
    expect(counts.audit).toBe(2);
    expect(counts.row.stage).toBe('processing');
  });

  it.each([
    [{ action: 'submit', response: '', confirmed: true }, 'response'],
    [{ action: 'submit', response: '   ', confirmed: true }, 'response'],
    [{ action: 'submit', confirmed: true }, 'response'],
    [{ action: 'submit', response: 'ok', confirmed: false }, 'confirmed'],
    [{ action: 'submit', response: 'ok' }, 'confirmed'],
  ])('submit without response or checkbox %j → 400 with the spec message, nothing written', async (payload, field) => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    const c = await file('03000000005', 'Water leakage in the street');
    await put(cookie, c._id, { action: 'proceed' });
    const before = await rowCounts(c._id);
    const res = await put(cookie, c._id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MSG.responseAndCheckbox, field });
    expect(await rowCounts(c._id)).toEqual(before);
  });

  it.each([
    ['/api/complain/abc', { action: 'proceed' }, 'id'],
    ['/api/complain/1', { action: 'explode' }, 'action'],
    ['/api/complain/1', {}, 'action'],
  ])('rejects malformed %s %j with 400 naming the field', async (url, payload, field) => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    const res = await h.app.inject({ method: 'PUT', url, headers: { cookie }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('rejects bad list queries with 400 and an unknown id with 404', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    expect((await list(cookie, '?stage=archived')).json().field).toBe('stage');
    expect((await list(cookie, '?page=0')).json().field).toBe('page');
    expect((await list(cookie, `?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await put(cookie, 999_999, { action: 'proceed' })).statusCode).toBe(404);
  });

  it('isolates societies: Lake City staff cannot list, read or change a Green Valley complaint', async () => {
    const gv = await file('03000000006', 'Boundary wall broken near park');
    const lc = await h.staffCookie('complaints@lakecity.test');
    const listed = (await list(lc, '?stage=new')).json<{ items: Complaint[] }>();
    expect(listed.items.every((c) => c.societyName === 'Lake City')).toBe(true);
    const searched = (await list(lc, `?stage=new&q=${encodeURIComponent('Boundary wall broken near park')}`)).json<{ total: number }>();
    expect(searched.total).toBe(0);
    expect((await h.app.inject({ method: 'GET', url: `/api/complain/${gv._id}`, headers: { cookie: lc } })).statusCode).toBe(404);
    expect((await put(lc, gv._id, { action: 'proceed' })).statusCode).toBe(404);
    expect((await rowCounts(gv._id)).row.stage).toBe('new');
  });

  it('files a complaint only into the resident’s own society', async () => {
    const lcComplaint = await file('03100000002', 'Lift not working');
    expect(lcComplaint.societyName).toBe('Lake City');
    expect(lcComplaint.resident.residentId).toMatch(/^LC/);
  });

  it('gives 403 to sub-roles that are not for complaints, 200 to button-one, 401 without a session', async () => {
    for (const handle of ['billing', 'doctor', 'grocery', 'super-admin', 'cms']) {
      const cookie = await h.staffCookie(`${handle}@greenvalley.test`);
      const res = await list(cookie, '?stage=new');
      expect(res.statusCode, handle).toBe(403);
      expect(res.json().message).toBe(MSG.notAvailable);
      expect((await put(cookie, 1, { action: 'proceed' })).statusCode, handle).toBe(403);
    }
    expect((await list(await h.staffCookie('security@greenvalley.test'), '?stage=new')).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: '/api/complain' })).statusCode).toBe(401);
  });

  it('resident API: needs a bearer token and a complaint text', async () => {
    expect((await h.app.inject({ method: 'POST', url: '/api/complain', payload: { complain: 'x' } })).statusCode).toBe(401);
    const authorization = await h.residentAuth('03000000007');
    const res = await postComplaint(h.app, authorization, { complain: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('complain');
    const staff = await h.staffCookie('complaints@greenvalley.test');
    expect((await h.app.inject({ method: 'POST', url: '/api/complain', headers: { cookie: staff }, payload: { complain: 'x' } })).statusCode).toBe(401);
  });
});
