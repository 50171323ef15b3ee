import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, media, societies } from '../../src/server/db/schema.js';
import { mediaRepo } from '../../src/server/modules/media/repo.js';
import type { LoginResponse } from '../../src/shared/contracts/auth.js';
import type { Logo } from '../../src/shared/contracts/content.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { signedInStaff } from '../support/clients/sessions.js';
import { changeAuditRows } from '../support/rows.js';

/** /Logo, the logo in every staff header, and the resident's logo (spec sections 1, 2, 3, 7). */
describe('society logo', () => {
  const h = useHarness();
  const GV = 'logo@greenvalley.test';
  const LC = 'logo@lakecity.test';
  let gv = 0;
  let lc = 0;
  let url = '';
  const sockets: Socket[] = [];
  const { cookie } = signedInStaff(h);
  const put = async (mediaId: unknown, email = GV) =>
    h.app.inject({ method: 'PUT', url: '/api/logo', headers: { cookie: await cookie(email) }, payload: { mediaId } });
  const me = async (email: string) =>
    (await h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie: await cookie(email) } })).json<LoginResponse>();
  const residentLogo = async (phone: string) =>
    (await h.app.inject({ method: 'GET', url: '/api/resident/logo', headers: { authorization: await h.residentAuth(phone) } })).json<Logo>().logo;
  const upload = (societyId: number, kind: 'image' | 'video' = 'image') => {
    const id = randomUUID();
    return mediaRepo(h.database.db).insert({
      id,
      societyId,
      kind,
      mime: kind === 'image' ? 'image/webp' : 'video/webm',
      bytes: 100,
      width: 64,
      height: 64,
      storageKey: `${societyId}/${id}`,
      thumbKey: null,
    });
  };
  const mediaRow = async (id: string) => (await h.database.db.select().from(media).where(eq(media.id, id)))[0]!;
  const logoId = async (societyId: number) => (await h.database.db.select().from(societies).where(eq(societies.id, societyId)))[0]!.logoMediaId;
  const written = async () => {
    const n = await changeAuditRows(h.database.db);
    return `${n}/${await logoId(gv)}/${await logoId(lc)}`;
  };
  async function open(email: string): Promise<Socket> {
    const s = connect(url, { transports: ['websocket'], extraHeaders: { cookie: await cookie(email) }, reconnection: false });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', resolve);
      s.once('connect_error', reject);
    });
    return s;
  }
  /** Every 'society:logo' payload the socket hears from now on. */
  const heard = (s: Socket) => {
    const got: { logoUrl: string | null }[] = [];
    s.on('society:logo', (p: { logoUrl: string | null }) => got.push(p));
    return got;
  };
  const next = (s: Socket) => new Promise<{ logoUrl: string | null }>((resolve) => s.once('society:logo', resolve));

  beforeAll(async () => {
    const rows = await h.database.db.select().from(societies);
    gv = rows.find((s) => s.name === 'Green Valley')!.id;
    lc = rows.find((s) => s.name === 'Lake City')!.id;
    url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => sockets.forEach((s) => s.close()));

  it('has no logo at first: sign-in, /me and the resident API say null', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/society/login', payload: { email: 'cms@greenvalley.test', password: 'demo-pass-1' } });
    expect(res.json<LoginResponse>().logoUrl).toBeNull();
    expect((await me(GV)).logoUrl).toBeNull();
    expect(await residentLogo('03000000001')).toBeNull();
  });

  it("sets the logo: every staff member of the society gets its URL, the socket tells the society's screens, Lake City hears nothing", async () => {
    const logoScreen = await open(GV);
    const cmsScreen = await open('cms@greenvalley.test');
    const lcScreen = await open(LC);
    const lcHeard = heard(lcScreen);
    const gotLogo = next(logoScreen);
    const gotCms = next(cmsScreen);

    const image = await upload(gv);
    const res = await put(image.id);
    expect(res.statusCode, res.body).toBe(200);
    const expectedUrl = `/media/${image.id}.webp`;
    expect(res.json<Logo>().logo).toMatchObject({ id: image.id, url: expectedUrl, kind: 'image' });
    expect(await gotLogo).toEqual({ logoUrl: expectedUrl });
    expect(await gotCms).toEqual({ logoUrl: expectedUrl });

    for (const email of [GV, 'cms@greenvalley.test', 'security@greenvalley.test', 'super-admin@greenvalley.test'])
      expect((await me(email)).logoUrl, email).toBe(expectedUrl);
    const signIn = await h.app.inject({ method: 'POST', url: '/api/society/login', payload: { email: 'billing@greenvalley.test', password: 'demo-pass-1' } });
    expect(signIn.json<LoginResponse>()).toMatchObject({ logoUrl: expectedUrl, user: { societyName: 'Green Valley' } });
    expect((await me(LC)).logoUrl).toBeNull();
    expect((await me('cms@lakecity.test')).logoUrl).toBeNull();
    expect((await residentLogo('03000000001'))?.id).toBe(image.id);
    expect(await residentLogo('03100000001')).toBeNull();
    expect((await mediaRow(image.id)).attachedAt).not.toBeNull();

    // Lake City then sets its own: the first thing its screen hears is its own logo, so Green
    // Valley's change never reached it (one socket receives events in order).
    const lcImage = await upload(lc);
    expect((await put(lcImage.id, LC)).statusCode).toBe(200);
    await expect.poll(() => lcHeard.length).toBe(1);
    expect(lcHeard).toEqual([{ logoUrl: `/media/${lcImage.id}.webp` }]);
    expect((await me(GV)).logoUrl).toBe(expectedUrl);
  });

  it("replacing the logo releases the previous one's media; setting the same one again keeps it", async () => {
    const first = await upload(gv);
    const second = await upload(gv);
    expect((await put(first.id)).statusCode).toBe(200);
    expect((await put(first.id)).statusCode).toBe(200);
    expect((await mediaRow(first.id)).deletedAt).toBeNull();
    expect((await put(second.id)).statusCode).toBe(200);
    expect((await mediaRow(first.id)).deletedAt).not.toBeNull();
    expect((await mediaRow(second.id)).deletedAt).toBeNull();
    expect(await logoId(gv)).toBe(second.id);
    // A released logo cannot be chosen again.
    const again = await put(first.id);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ field: 'mediaId', message: MSG.mediaUnknown });

    const audit = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'logo'), eq(auditLog.entityId, gv)));
    expect(audit.at(-1)).toMatchObject({ action: 'set', fromStage: first.id, toStage: second.id, actorKind: 'staff' });
  });

  it('two changes at once run one after another: the one that lost is released, not left behind', async () => {
    const [a, b] = [await upload(gv), await upload(gv)];
    const res = await Promise.all([put(a.id), put(b.id)]);
    expect(res.map((r) => r.statusCode)).toEqual([200, 200]);
    const current = await logoId(gv);
    expect([a.id, b.id]).toContain(current);
    const other = current === a.id ? b.id : a.id;
    expect((await mediaRow(other)).deletedAt).not.toBeNull();
    expect((await mediaRow(current!)).deletedAt).toBeNull();
    expect((await me('cms@greenvalley.test')).logoUrl).toBe(`/media/${current}.webp`);
  });

  it('refuses an image already used elsewhere (a post would release it with its own delete)', async () => {
    const used = await upload(gv);
    await h.database.db.update(media).set({ attachedAt: h.clock.now() }).where(eq(media.id, used.id));
    const before = await written();
    const res = await put(used.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'mediaId', message: MSG.mediaUnknown });
    expect(await written()).toBe(before);
  });

  it("refuses a video, another society's image, an unknown id and a malformed id (400 naming mediaId, nothing changed)", async () => {
    const before = await written();
    const cases: [unknown, string][] = [
      [(await upload(gv, 'video')).id, MSG.mediaNotImage],
      [(await upload(lc)).id, MSG.mediaUnknown],
      [randomUUID(), MSG.mediaUnknown],
      ['logo-1', 'Not a valid media id.'],
      [undefined, MSG.logoChooseImage],
      ['', MSG.logoChooseImage],
      [42, MSG.logoChooseImage],
    ];
    for (const [mediaId, message] of cases) {
      const res = await put(mediaId);
      expect(res.statusCode, String(mediaId)).toBe(400);
      expect(res.json(), String(mediaId)).toMatchObject({ field: 'mediaId', message });
    }
    expect(await written()).toBe(before);
  });

  it('lets the logo sub-role in, and no other (403) or anonymous caller (401)', async () => {
    const image = await upload(gv);
    const before = await written();
    for (const email of ['cms@greenvalley.test', 'announcements@greenvalley.test', 'video@greenvalley.test', 'super-admin@greenvalley.test']) {
      expect((await put(image.id, email)).statusCode, email).toBe(403);
    }
    expect((await h.app.inject({ method: 'PUT', url: '/api/logo', payload: { mediaId: image.id } })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/api/resident/logo' })).statusCode).toBe(401);
    expect(await written()).toBe(before);
  });
});
