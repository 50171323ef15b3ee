import { randomUUID } from 'node:crypto';
import { and, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { announcementSeen, announcements, auditLog, media, outbox, residents, societies } from '../../src/server/db/schema.js';
import { mediaRepo } from '../../src/server/modules/media/repo.js';
import type { ListResponse } from '../../src/shared/contracts/common.js';
import type { Announcement } from '../../src/shared/contracts/content.js';
import { MSG, PUSH } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { signedInStaff } from '../support/clients/sessions.js';
import { changeAuditRows } from '../support/rows.js';

type ResidentAnnouncement = Omit<Announcement, 'seenCount'> & { seen: boolean };

/** /Annoucements and the resident's announcements (spec sections 2, 3, 5, 7). */
describe('announcements', () => {
  const h = useHarness();
  const GV = 'announcements@greenvalley.test';
  const LC = 'announcements@lakecity.test';
  let gv = 0;
  let lc = 0;
  const { send } = signedInStaff(h);
  const residentSend = async (method: 'GET' | 'PUT', url: string, phone: string) =>
    h.app.inject({ method, url, headers: { authorization: await h.residentAuth(phone) } });
  const post = async (payload: object, email = GV) => {
    const res = await send('POST', '/api/announcement', email, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Announcement>();
  };
  /** A stored upload of `societyId` (inserted directly: the upload route is tested elsewhere). */
  const upload = (societyId: number, kind: 'image' | 'video' = 'image') => {
    const id = randomUUID();
    const mime = kind === 'image' ? 'image/png' : 'video/mp4';
    return mediaRepo(h.database.db).insert({
      id,
      societyId,
      kind,
      mime,
      bytes: 100,
      width: 10,
      height: 10,
      storageKey: `${societyId}/${id}`,
      thumbKey: kind === 'image' ? `${societyId}/${id}-thumb.webp` : null,
    });
  };
  /** Rows a refused call must not change: announcements, seen marks, outbox, audit, attached media. */
  const written = async () => {
    const db = h.database.db;
    const n = async (t: typeof announcements | typeof announcementSeen | typeof outbox) => (await db.select({ n: count() }).from(t))[0]?.n;
    const attached = (await db.select({ n: count() }).from(media).where(isNotNull(media.attachedAt)))[0]?.n;
    return [await n(announcements), await n(announcementSeen), await n(outbox), await changeAuditRows(db), attached].join('/');
  };

  beforeAll(async () => {
    const rows = await h.database.db.select().from(societies);
    gv = rows.find((s) => s.name === 'Green Valley')!.id;
    lc = rows.find((s) => s.name === 'Lake City')!.id;
  });

  it('posts an announcement with an image: the row, the attached media, an audit row and one push per approved resident with a token', async () => {
    const db = h.database.db;
    // Tokens for every Green Valley resident (blocked ones too: they must get no push).
    await db
      .update(residents)
      .set({ pushToken: sql`'ann-token-' || ${residents.id}` })
      .where(eq(residents.societyId, gv));
    const [{ n: expected } = { n: 0 }] = await db
      .select({ n: count() })
      .from(residents)
      .where(and(eq(residents.societyId, gv), eq(residents.status, 'Approve')));
    const [{ n: blocked } = { n: 0 }] = await db
      .select({ n: count() })
      .from(residents)
      .where(and(eq(residents.societyId, gv), ne(residents.status, 'Approve')));
    expect(expected).toBeGreaterThan(10);
    expect(blocked).toBeGreaterThan(0);

    const image = await upload(gv);
    const a = await post({ title: '  Water off on Sunday ', description: 'From 9 to 12 in Block B.', mediaId: image.id });
    expect(a).toMatchObject({ title: 'Water off on Sunday', description: 'From 9 to 12 in Block B.', seenCount: 0 });
    expect(a.media).toMatchObject({ id: image.id, kind: 'image', url: `/media/${image.id}.png`, thumbUrl: `/media/${image.id}-thumb.webp` });
    expect(Date.parse(a.createdAt)).toBe(h.clock.now().getTime());

    const [stored] = await db.select().from(media).where(eq(media.id, image.id));
    expect(stored?.attachedAt).not.toBeNull();
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'announcement'), eq(auditLog.entityId, a._id)));
    expect(audit).toMatchObject({ societyId: gv, action: 'create', actorKind: 'staff' });

    const queued = await db
      .select({ society: outbox.societyId, payload: outbox.payload })
      .from(outbox)
      .where(sql`${outbox.payload}->'data'->>'documentId' = ${String(a._id)} and ${outbox.payload}->>'title' = ${PUSH.announcementPosted.title}`);
    expect(queued).toHaveLength(expected);
    expect(queued.every((q) => q.society === gv)).toBe(true);
    expect(queued[0]?.payload).toMatchObject({ title: 'New Announcement', body: 'Water off on Sunday', data: { documentId: String(a._id) } });

    await h.outbox.poke();
    const sent = h.pushes.filter((p) => p.data?.documentId === String(a._id) && p.title === PUSH.announcementPosted.title);
    expect(sent).toHaveLength(expected);
    expect(new Set(sent.map((p) => p.to)).size).toBe(expected);
  });

  it("posts one without an image, also on the spec's path with a trailing slash", async () => {
    const res = await send('POST', '/api/announcement/', GV, { title: 'Gate timings', description: 'The back gate closes at 11 pm.' });
    expect(res.statusCode).toBe(201);
    expect(res.json<Announcement>()).toMatchObject({ title: 'Gate timings', media: null, seenCount: 0 });
  });

  it('refuses each rule with the spec message naming the field, and writes nothing', async () => {
    const video = await upload(gv, 'video');
    const foreign = await upload(lc);
    const image = await upload(gv);
    const bad: [object, string, string][] = [
      [{ title: 'T' }, 'description', MSG.mediaCountOrDescription],
      [{ title: 'T', description: '   ' }, 'description', MSG.mediaCountOrDescription],
      [{ description: 'D' }, 'title', 'Title is required.'],
      [{ title: ' ', description: 'D', mediaId: image.id }, 'title', 'Title is required.'],
      [{ title: 'T', description: 'D', mediaId: video.id }, 'mediaId', MSG.mediaNotImage],
      [{ title: 'T', description: 'D', mediaId: foreign.id }, 'mediaId', MSG.mediaUnknown],
      [{ title: 'T', description: 'D', mediaId: randomUUID() }, 'mediaId', MSG.mediaUnknown],
      [{ title: 'T', description: 'D', mediaId: 'not-a-uuid' }, 'mediaId', 'Not a valid media id.'],
      [{ title: 'T', description: 'D', mediaId: [image.id] }, 'mediaId', 'Not a valid media id.'],
      [{ title: 'x'.repeat(201), description: 'D' }, 'title', 'At most 200 characters.'],
    ];
    const before = await written();
    for (const [payload, field, message] of bad) {
      const res = await send('POST', '/api/announcement', GV, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ field, message });
    }
    expect(await written()).toBe(before);
    // The refused image is still unattached and usable.
    expect((await post({ title: 'T', description: 'D', mediaId: image.id })).media?.id).toBe(image.id);
  });

  it('takes an image only once: one used by another announcement, or raced for, is refused', async () => {
    const image = await upload(gv);
    await post({ title: 'First', description: 'Uses the image.', mediaId: image.id });
    const before = await written();
    const again = await send('POST', '/api/announcement', GV, { title: 'Second', description: 'Same image.', mediaId: image.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ field: 'mediaId', message: MSG.mediaUnknown });
    expect(await written()).toBe(before);

    const shared = await upload(gv);
    const both = await Promise.all(['A', 'B'].map((t) => send('POST', '/api/announcement', GV, { title: t, description: 'Race.', mediaId: shared.id })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });

  it("lists newest first, 10 a page, searches title and description, and never shows another society's", async () => {
    const lcPost = await post({ title: 'Lake City pool zebra', description: 'Open again.' }, LC);
    const mine: Announcement[] = [];
    for (let i = 0; i < 12; i++)
      mine.push(await post({ title: `Notice ${i}`, description: i === 3 ? 'The zebra crossing is painted.' : 'Nothing special 100%.' }));
    const first = (await send('GET', '/api/announcement', GV)).json<ListResponse<Announcement>>();
    expect(first.items).toHaveLength(10);
    expect(first.items.slice(0, 3).map((a) => a._id)).toEqual([mine[11]!._id, mine[10]!._id, mine[9]!._id]);
    expect(first.total).toBeGreaterThanOrEqual(12);
    expect(first.totalExact).toBe(true);
    const second = (await send('GET', '/api/announcement?page=2', GV)).json<ListResponse<Announcement>>();
    expect(second.items.map((a) => a._id)).toContain(mine[1]!._id);
    expect(second.items.some((a) => first.items.some((b) => b._id === a._id))).toBe(false);

    const zebra = (await send('GET', '/api/announcement?q=ZEBRA', GV)).json<ListResponse<Announcement>>();
    expect(zebra.items.map((a) => a._id)).toEqual([mine[3]!._id]);
    expect(zebra.total).toBe(1);
    const byTitle = (await send('GET', '/api/announcement?q=notice%2011', GV)).json<ListResponse<Announcement>>();
    expect(byTitle.items.map((a) => a._id)).toEqual([mine[11]!._id]);
    // '%' is literal text, not a wildcard.
    const percent = (await send('GET', '/api/announcement?q=100%25', GV)).json<ListResponse<Announcement>>();
    expect(percent.total).toBe(11);

    const lcList = (await send('GET', '/api/announcement?q=zebra', LC)).json<ListResponse<Announcement>>();
    expect(lcList.items.map((a) => a._id)).toEqual([lcPost._id]);
    const lcAll = (await send('GET', '/api/announcement', LC)).json<ListResponse<Announcement>>();
    expect(lcAll.items.every((a) => !mine.some((m) => m._id === a._id))).toBe(true);
    expect((await send('GET', '/api/announcement?page=0', GV)).statusCode).toBe(400);
  });

  it("residents read their society's announcements and mark them seen once; staff see the count", async () => {
    const a = await post({ title: 'Seen test', description: 'Please read.' });
    const gvResident = '03000000001';
    const list = (await residentSend('GET', '/api/resident/announcements', gvResident)).json<ListResponse<ResidentAnnouncement>>();
    expect(list.items[0]).toMatchObject({ _id: a._id, title: 'Seen test', seen: false });
    expect(list.items[0]).not.toHaveProperty('seenCount');

    for (let i = 0; i < 2; i++) {
      const res = await residentSend('PUT', `/api/resident/announcements/${a._id}/seen`, gvResident);
      expect(res.statusCode).toBe(204);
    }
    expect((await residentSend('PUT', `/api/resident/announcements/${a._id}/seen`, '03000000002')).statusCode).toBe(204);
    const [{ n } = { n: 0 }] = await h.database.db.select({ n: count() }).from(announcementSeen).where(eq(announcementSeen.announcementId, a._id));
    expect(n).toBe(2);
    const after = (await residentSend('GET', '/api/resident/announcements', gvResident)).json<ListResponse<ResidentAnnouncement>>();
    expect(after.items.find((x) => x._id === a._id)?.seen).toBe(true);
    const staffView = (await send('GET', '/api/announcement', GV)).json<ListResponse<Announcement>>();
    expect(staffView.items.find((x) => x._id === a._id)?.seenCount).toBe(2);

    // Lake City's resident never sees it and cannot mark it (404, nothing written); nor an unknown id.
    const lcResident = '03100000001';
    const lcList = (await residentSend('GET', '/api/resident/announcements', lcResident)).json<ListResponse<ResidentAnnouncement>>();
    expect(lcList.items.some((x) => x._id === a._id)).toBe(false);
    const before = await written();
    expect((await residentSend('PUT', `/api/resident/announcements/${a._id}/seen`, lcResident)).statusCode).toBe(404);
    expect((await residentSend('PUT', '/api/resident/announcements/999999/seen', gvResident)).statusCode).toBe(404);
    expect(await written()).toBe(before);
    expect((await h.app.inject({ method: 'GET', url: '/api/resident/announcements' })).statusCode).toBe(401);
  });

  it("deletes one of the society's announcements and releases its image; another society's is 404", async () => {
    const image = await upload(gv);
    const a = await post({ title: 'Delete me', description: 'Soon gone.', mediaId: image.id });
    const before = await written();
    expect((await send('DELETE', `/api/announcement/${a._id}`, LC)).statusCode).toBe(404);
    expect(await written()).toBe(before);
    expect((await send('DELETE', `/api/announcement/${a._id}`, GV)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/announcement/${a._id}`, GV)).statusCode).toBe(404);
    const [stored] = await h.database.db.select().from(media).where(eq(media.id, image.id));
    expect(stored?.deletedAt).not.toBeNull();
    const audit = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'announcement'), eq(auditLog.entityId, a._id)));
    expect(audit.map((r) => r.action)).toEqual(['create', 'delete']);
    expect((await send('GET', '/api/announcement', GV)).json<ListResponse<Announcement>>().items.some((x) => x._id === a._id)).toBe(false);
  });

  it('lets the annoucements sub-role in, and no other (403) or anonymous caller (401)', async () => {
    const before = await written();
    for (const email of [
      'cms@greenvalley.test',
      'logo@greenvalley.test',
      'video@greenvalley.test',
      'super-admin@greenvalley.test',
      'complaints@greenvalley.test',
    ]) {
      expect((await send('POST', '/api/announcement', email, { title: 'T', description: 'D' })).statusCode, email).toBe(403);
      expect((await send('GET', '/api/announcement', email)).statusCode, email).toBe(403);
    }
    expect((await h.app.inject({ method: 'POST', url: '/api/announcement', payload: { title: 'T', description: 'D' } })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/api/announcement' })).statusCode).toBe(401);
    expect(await written()).toBe(before);
  });
});
