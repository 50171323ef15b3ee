import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, videoPanelEntries } from '../../src/server/db/schema.js';
import type { ListResponse } from '../../src/shared/contracts/common.js';
import type { VideoPanelEntry } from '../../src/shared/contracts/content.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { signedInStaff } from '../support/clients/sessions.js';
import { changeAuditRows } from '../support/rows.js';

/** /VideoPanel and the resident's current video URL (spec sections 2, 3 "Video panel entry"). */
describe('video panel', () => {
  const h = useHarness();
  const GV = 'video@greenvalley.test';
  const LC = 'video@lakecity.test';
  const { send } = signedInStaff(h);
  const set = async (url: string, email = GV) => {
    const res = await send('PUT', '/api/video-panel', email, { url });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<VideoPanelEntry>();
  };
  const current = async (phone: string) =>
    (await h.app.inject({ method: 'GET', url: '/api/resident/video-panel', headers: { authorization: await h.residentAuth(phone) } })).json<{
      current: VideoPanelEntry | null;
    }>().current;
  const written = async () => {
    const n = async (t: typeof videoPanelEntries) => (await h.database.db.select({ n: count() }).from(t))[0]?.n;
    return `${await n(videoPanelEntries)}/${await changeAuditRows(h.database.db)}`;
  };

  it('residents get null before anything is set', async () => {
    expect(await current('03000000001')).toBeNull();
  });

  it('keeps every entry: three changes list newest first with their times, and residents get the latest', async () => {
    const a = await set('https://www.youtube.com/watch?v=one');
    h.clock.advance(60_000);
    const b = await set('http://example.org/stream.mp4');
    h.clock.advance(60_000);
    const c = await set('  https://vimeo.com/123  ');
    expect(c.url).toBe('https://vimeo.com/123');
    expect(Date.parse(c.createdAt) - Date.parse(a.createdAt)).toBe(120_000);

    const list = (await send('GET', '/api/video-panel', GV)).json<ListResponse<VideoPanelEntry>>();
    expect(list.items.map((e) => e._id)).toEqual([c._id, b._id, a._id]);
    expect(list.items.map((e) => e.url)).toEqual(['https://vimeo.com/123', 'http://example.org/stream.mp4', 'https://www.youtube.com/watch?v=one']);
    expect(list).toMatchObject({ total: 3, totalExact: true });
    expect(await current('03000000001')).toEqual(c);

    const audit = await h.database.db.select().from(auditLog).where(eq(auditLog.entity, 'video-panel'));
    expect(audit.map((r) => r.entityId).sort()).toEqual([a._id, b._id, c._id].sort());
    expect(audit.every((r) => r.action === 'set' && r.actorKind === 'staff')).toBe(true);
  });

  it('pages 10 at a time', async () => {
    for (let i = 0; i < 9; i++) await set(`https://example.org/v${i}`);
    const first = (await send('GET', '/api/video-panel', GV)).json<ListResponse<VideoPanelEntry>>();
    const second = (await send('GET', '/api/video-panel?page=2', GV)).json<ListResponse<VideoPanelEntry>>();
    expect(first.items).toHaveLength(10);
    expect(first.items[0]?.url).toBe('https://example.org/v8');
    expect(second.items).toHaveLength(2);
    expect(first.total).toBe(12);
  });

  it('accepts only http and https URLs (400 naming `url`, nothing written)', async () => {
    const before = await written();
    for (const url of ['javascript:alert(1)', 'ftp://x', 'abc', '', '   ', 'data:text/html,hi', 'file:///etc/passwd', `https://x.org/${'a'.repeat(2000)}`]) {
      const res = await send('PUT', '/api/video-panel', GV, { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ field: string }>().field, url).toBe('url');
      if (url.length < 100) expect(res.json<{ message: string }>().message, url).toBe(MSG.videoUrlInvalid);
    }
    for (const payload of [{}, { url: 5 }, { url: null }]) {
      const res = await send('PUT', '/api/video-panel', GV, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'url', message: MSG.videoUrlInvalid });
    }
    expect(await written()).toBe(before);
  });

  it("keeps societies apart: Lake City never sees Green Valley's entries", async () => {
    const gvNow = await current('03000000001');
    expect(await current('03100000001')).toBeNull();
    const lc = await set('https://lakecity.example/live', LC);
    const lcList = (await send('GET', '/api/video-panel', LC)).json<ListResponse<VideoPanelEntry>>();
    expect(lcList.items.map((e) => e._id)).toEqual([lc._id]);
    expect(lcList.total).toBe(1);
    expect(await current('03100000001')).toEqual(lc);
    expect(await current('03000000001')).toEqual(gvNow);
  });

  it('lets button-five and super-admin in, and no other sub-role (403) or anonymous caller (401)', async () => {
    const sa = await set('https://example.org/by-super-admin', 'super-admin@greenvalley.test');
    expect((await send('GET', '/api/video-panel', 'super-admin@greenvalley.test')).json<ListResponse<VideoPanelEntry>>().items[0]?._id).toBe(sa._id);
    const before = await written();
    for (const email of ['logo@greenvalley.test', 'announcements@greenvalley.test', 'cms@greenvalley.test', 'security@greenvalley.test']) {
      expect((await send('PUT', '/api/video-panel', email, { url: 'https://example.org/x' })).statusCode, email).toBe(403);
      expect((await send('GET', '/api/video-panel', email)).statusCode, email).toBe(403);
    }
    expect((await h.app.inject({ method: 'PUT', url: '/api/video-panel', payload: { url: 'https://example.org/x' } })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/api/video-panel' })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/api/resident/video-panel' })).statusCode).toBe(401);
    expect(await written()).toBe(before);
  });
});
