/**
 * /Audit's API (module 'audit', super-admin): the society's recorded actions newest first, 10 a
 * page, with the filters (staff member, module, action, days in the society's time zone), the
 * search by resident, the filters' choices, bad input, isolation and the sub-role matrix.
 * Rows a test looks for are made by that test (through the API, or written with recordAudit at a
 * chosen time under an action name of its own).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { residents, societies, staffUsers } from '../../src/server/db/schema.js';
import { recordAudit } from '../../src/server/modules/audit/service.js';
import { DEMO_SIGN_INS } from '../../src/server/seed/demo.js';
import type { AuditActionText, AuditFilters, AuditRow } from '../../src/shared/contracts/audit.js';
import type { ListResponse } from '../../src/shared/contracts/common.js';
import { fileComplaint } from '../support/clients/complaints.js';
import { signedInStaff } from '../support/clients/sessions.js';
import { inTurn } from '../support/in-turn.js';
import { useHarness } from './harness.js';

const GV = 'super-admin@greenvalley.test';
const LC = 'super-admin@lakecity.test';
let seq = 0;

describe('the audit log (/Audit)', () => {
  const h = useHarness();
  const { send } = signedInStaff(h);
  const page = async (url: string, email = GV) => {
    const res = await send('GET', url, email);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse<AuditRow>>();
  };
  const societyId = async (name: string) => (await h.database.db.select({ id: societies.id }).from(societies).where(eq(societies.name, name)))[0]!.id;

  it("shows the society's actions newest first, 10 a page, with who, what, which item and when; never another society's", async () => {
    const email = `audited${++seq}@audit.test`;
    const added = await send('POST', '/api/staff', GV, { name: 'Audited Member', email, subRole: 'billing' });
    expect(added.statusCode).toBe(201);
    const first = await page('/api/audit');
    expect(first.items).toHaveLength(10);
    expect(first.items.map((r) => r._id)).toEqual([...first.items.map((r) => r._id)].sort((a, b) => b - a));
    expect(first.items).toContainEqual(
      expect.objectContaining({ actorKind: 'staff', module: 'staff', entity: 'staff', item: 'Audited Member', action: 'create', toStage: 'billing' }),
    );
    const lake = await page(`/api/audit?action=create&module=staff`, LC);
    expect(lake.items.some((r) => r.item === 'Audited Member')).toBe(false);
    const second = await page(`/api/audit?page=2&after=${first.nextAfter}`);
    expect(Math.max(...second.items.map((r) => r._id))).toBeLessThan(Math.min(...first.items.map((r) => r._id)));
  });

  it('filters by staff member, module and action', async () => {
    const [admin] = await h.database.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, GV));
    const mine = await page(`/api/audit?actor=${admin!.id}`);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((r) => r.actorKind === 'staff' && r.actorName === mine.items[0]!.actorName)).toBe(true);
    const complaints = await page('/api/audit?module=complaints');
    expect(complaints.items.length).toBeGreaterThan(0);
    expect(complaints.items.every((r) => r.entity === 'complaint' && r.module === 'complaints')).toBe(true);
    const signIns = await page('/api/audit?action=sign-in');
    expect(signIns.items.length).toBeGreaterThan(0);
    expect(signIns.items.every((r) => r.action === 'sign-in' && /^from /.test(r.detail ?? ''))).toBe(true);
  });

  it("reads the day range in the society's time zone (Asia/Karachi, UTC+5)", async () => {
    const gv = await societyId('Green Valley');
    const action = `tz-probe-${++seq}`;
    // 19:30 UTC on 1 March is 00:30 on 2 March in Karachi.
    for (const at of ['2031-03-01T18:30:00Z', '2031-03-01T19:30:00Z']) {
      await recordAudit(h.database.db, {
        societyId: gv,
        actorKind: 'system',
        actorId: null,
        actorName: 'probe',
        entity: 'society',
        entityId: gv,
        // A probe action no code writes, so the test finds only its own rows.
        action: action as AuditActionText,
        at: new Date(at),
      });
    }
    const on = async (day: string) => (await page(`/api/audit?action=${action}&from=${day}&to=${day}`)).items.map((r) => r.at);
    expect(await on('2031-03-01')).toEqual(['2031-03-01T18:30:00.000Z']);
    expect(await on('2031-03-02')).toEqual(['2031-03-01T19:30:00.000Z']);
    expect((await page(`/api/audit?action=${action}&from=2031-03-01&to=2031-03-02`)).items).toHaveLength(2);
  });

  it('searches by resident: their account and their requests, by the start of the name or the resident id', async () => {
    const [resident] = await h.database.db
      .select({ code: residents.residentCode, name: residents.name, phone: residents.phone })
      .from(residents)
      .where(eq(residents.residentCode, 'GV0007'));
    const complaintId = (await fileComplaint(h, resident!.phone, `Audit search ${++seq}`))._id;
    const proceed = await send('PUT', `/api/complain/${complaintId}`, 'complaints@greenvalley.test', { action: 'proceed' });
    expect(proceed.statusCode, proceed.body).toBe(200);
    for (const q of ['GV0007', 'gv0007', resident!.name.slice(0, 4).toLowerCase()]) {
      const found = await page(`/api/audit?q=${encodeURIComponent(q)}`);
      expect(found.items, q).toContainEqual(expect.objectContaining({ entity: 'complaint', entityId: complaintId }));
    }
    const other = await page('/api/audit?q=GV0008');
    expect(other.items.some((r) => r.entity === 'complaint' && r.entityId === complaintId)).toBe(false);
  });

  it('records failed sign-ins with their address', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/society/login',
      payload: { email: 'billing@greenvalley.test', password: 'not-the-password' },
      remoteAddress: '10.77.0.9',
    });
    expect(res.statusCode).toBe(401);
    const failed = await page('/api/audit?action=sign-in-failed');
    expect(failed.items).toContainEqual(expect.objectContaining({ entity: 'staff', detail: 'from 10.77.0.9', action: 'sign-in-failed' }));
  });

  it("gives the filters' choices: the society's staff and the actions recorded", async () => {
    const res = await send('GET', '/api/audit/filters', GV);
    const filters = res.json<AuditFilters>();
    const [admin] = await h.database.db.select({ id: staffUsers.id, name: staffUsers.name }).from(staffUsers).where(eq(staffUsers.email, GV));
    expect(filters.actors).toContainEqual({ id: admin!.id, name: admin!.name });
    expect(filters.actors.length).toBeGreaterThanOrEqual(16);
    expect(filters.actions).toEqual(expect.arrayContaining(['sign-in', 'proceed']));
    const lake = (await send('GET', '/api/audit/filters', LC)).json<AuditFilters>();
    const ours = new Set(filters.actors.map((a) => a.id));
    expect(lake.actors.length).toBeGreaterThan(0);
    expect(lake.actors.filter((a) => ours.has(a.id))).toEqual([]);
  });

  it('refuses bad filters with 400 naming them', async () => {
    for (const [url, field] of [
      ['/api/audit?from=2031-02-30', 'from'],
      ['/api/audit?to=yesterday', 'to'],
      ['/api/audit?from=2031-03-02&to=2031-03-01', 'to'],
      ['/api/audit?module=kitchen', 'module'],
      ['/api/audit?actor=0x10', 'actor'],
    ] as const) {
      const res = await send('GET', url, GV);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ field });
    }
  });

  it('only super-admin may read it (the sub-role matrix); no session is 401', async () => {
    const answers = await inTurn(DEMO_SIGN_INS, async (s) => `${s.subRole} → ${(await send('GET', '/api/audit', s.email)).statusCode}`);
    expect(answers).toEqual(DEMO_SIGN_INS.map((s) => `${s.subRole} → ${s.subRole === 'super-admin' ? 200 : 403}`));
    expect((await h.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });
});
