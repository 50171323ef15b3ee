/**
 * Shared helpers of the post tests (feed, discounts, plots): media rows inserted
 * directly (the upload route is another module's), valid bodies, and what a request wrote.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { auditLog, discounts, feedLikes, feedPosts, media, outbox, plots, residents, societies } from '../../src/server/db/schema.js';
import { mediaRepo } from '../../src/server/modules/media/repo.js';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import type { Harness } from './harness.js';
import { changeAuditRows } from '../support/rows.js';

export const GV = 'Green Valley';
export const LC = 'Lake City';
/** Staff handles of a sub-role in a society ('gv' or 'lc'). */
export const staffEmail = (handle: string, society: 'gv' | 'lc' = 'gv') => `${handle}@${society === 'gv' ? 'greenvalley' : 'lakecity'}.test`;

export async function societyId(h: Harness, name: string): Promise<number> {
  const [row] = await h.database.db.select({ id: societies.id }).from(societies).where(eq(societies.name, name));
  return row!.id;
}

/** A stored upload of the society (as POST /api/media would leave it, not yet attached). @returns its id */
export async function addMedia(h: Harness, society: string, kind: 'image' | 'video' = 'image'): Promise<string> {
  const id = randomUUID();
  const mime = kind === 'image' ? 'image/webp' : 'video/mp4';
  await mediaRepo(h.database.db).insert({
    id,
    societyId: await societyId(h, society),
    kind,
    mime,
    bytes: 1234,
    width: kind === 'image' ? 64 : null,
    height: kind === 'image' ? 48 : null,
    storageKey: `${id}${kind === 'image' ? '.webp' : '.mp4'}`,
    thumbKey: kind === 'image' ? `${id}-thumb.webp` : null,
  });
  return id;
}

export async function addMediaN(h: Harness, society: string, n: number, kind: 'image' | 'video' = 'image'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await addMedia(h, society, kind));
  return ids;
}

export async function mediaRow(h: Harness, id: string) {
  const [row] = await h.database.db.select().from(media).where(eq(media.id, id));
  return row;
}

/** Valid bodies (media ids to be filled in by the test). */
export const feedBody = (mediaIds: string[] | undefined, extra: Record<string, unknown> = {}) => ({
  description: 'Gate 2 closes at 10 pm this week.',
  ...(mediaIds ? { mediaIds } : {}),
  ...extra,
});
export const discountBody = (logoMediaId: string, mediaId: string, extra: Record<string, unknown> = {}) => ({
  brandName: 'Bean There',
  branch: 'Main Boulevard',
  logoMediaId,
  mediaId,
  description: 'Coffee for residents',
  discount: 15,
  category: 'Food',
  ...extra,
});
export const plotBody = (mediaIds: string[], extra: Record<string, unknown> = {}) => ({
  type: 'House',
  payment: 'Full Pay',
  area: '10 Marla',
  baths: 3,
  rooms: 4,
  phone: '03001234567',
  description: 'Corner house near the park',
  location: 'Block C, Street 4',
  price: 25_000_000.5,
  mediaIds,
  ...extra,
});

/** Row counts of every table a post request may write: equal before and after means nothing written. */
export async function written(h: Harness) {
  const db = h.database.db;
  const n = async (t: typeof feedPosts | typeof discounts | typeof plots | typeof outbox | typeof feedLikes) =>
    Number((await db.select({ n: count() }).from(t))[0]!.n);
  const [attached] = await db.select({ n: sql<number>`count(*) filter (where ${media.attachedAt} is not null)::int` }).from(media);
  return {
    feed: await n(feedPosts),
    discounts: await n(discounts),
    plots: await n(plots),
    audit: await changeAuditRows(db),
    outbox: await n(outbox),
    likes: await n(feedLikes),
    attached: Number(attached!.n),
  };
}

/** Gives the first `n` approved residents of the society a device token; @returns how many approved residents have one now. */
export async function giveTokens(h: Harness, society: string, n: number): Promise<number> {
  const db = h.database.db;
  const sid = await societyId(h, society);
  await db.execute(
    sql`update residents set push_token = 'tok-' || id where id in (select id from residents where society_id = ${sid} and status = 'Approve' order by id limit ${n})`,
  );
  const [row] = await db
    .select({ n: count() })
    .from(residents)
    .where(and(eq(residents.societyId, sid), eq(residents.status, 'Approve'), sql`${residents.pushToken} is not null and ${residents.pushToken} <> ''`));
  return Number(row!.n);
}

/** Outbox rows queued for one item (by push title and documentId). */
export async function pushesFor(h: Harness, title: string, id: number): Promise<{ societyId: number; to: unknown }[]> {
  const rows = await h.database.db
    .select({ societyId: outbox.societyId, payload: outbox.payload })
    .from(outbox)
    .where(sql`${outbox.payload}->>'title' = ${title} and ${outbox.payload}->'data'->>'documentId' = ${String(id)}`);
  return rows.map((r) => ({ societyId: r.societyId, to: (r.payload as { to?: unknown }).to }));
}

/** Audit rows of one item. */
export async function auditOf(h: Harness, entity: string, id: number) {
  return h.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)));
}

/** Phones of the first `n` approved residents of a society (all have the demo password). */
export async function approvedPhones(h: Harness, society: string, n: number): Promise<string[]> {
  const sid = await societyId(h, society);
  const rows = await h.database.db.execute(
    sql`select phone from residents where society_id = ${sid} and status = 'Approve' and password_hash is not null order by id limit ${n}`,
  );
  return (rows as unknown as { rows: { phone: string }[] }).rows.map((r) => r.phone);
}

let nextAddress = 1;
/**
 * A resident's bearer header, signed in from an address of its own (the sign-in route is
 * rate-limited per address, and these tests sign in many residents).
 */
export async function residentBearer(h: Harness, phone: string): Promise<string> {
  const n = nextAddress++;
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/resident/login',
    payload: { phone, password: DEMO_PASSWORD },
    remoteAddress: `10.9.${n >> 8}.${n & 255}`,
  });
  if (res.statusCode !== 200) throw new Error(`resident login ${phone}: ${res.statusCode} ${res.body}`);
  return `Bearer ${res.json<{ token: string }>().token}`;
}
