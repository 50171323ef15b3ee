/**
 * Row-level security of the list exports: every exported list (EXPORTED_LISTS), each stage or
 * state, downloaded by the other society's staff member, holds none of Green Valley's rows — while
 * Green Valley's own file of the same list holds them, so a leak would show. Both societies get one
 * row of each list and stage here. Runs on PGlite and on PostgreSQL.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  bills,
  consultations,
  deskRequests,
  discounts,
  feedPosts,
  groceryOrderLines,
  groceryOrders,
  notHomeRequests,
  plots,
  residents,
} from '../../../src/server/db/schema.js';
import { signedInStaff } from '../../support/clients/sessions.js';
import { EXPORTED_LISTS } from '../../support/input-endpoints/exports.js';
import { societyWithResident } from '../../support/rows.js';
import { readExport } from '../../support/xlsx-export.js';
import { useHarness } from '../harness.js';
import { discountRow, plotRow, societyIdOf } from './support.js';

const MEDIA = '00000000-0000-4000-8000-000000000003';

/** Each exported list: the demo account handle that reads it, its stages (queries), and the column naming a row. */
const CASES: { list: (typeof EXPORTED_LISTS)[number]; handle: string; queries: string[]; column: string }[] = [
  { list: '/api/complain', handle: 'complaints', queries: ['stage=new', 'stage=processing', 'stage=completed'], column: 'ID' },
  { list: '/api/security', handle: 'security', queries: ['stage=new', 'stage=processing', 'stage=completed'], column: 'ID' },
  { list: '/api/nothome', handle: 'security', queries: ['state=active', 'state=cancelled', 'state=arrived'], column: 'ID' },
  { list: '/api/grocery', handle: 'grocery', queries: [''], column: 'ID' },
  { list: '/api/orders', handle: 'grocery', queries: ['stage=open', 'stage=delivered'], column: 'ID' },
  { list: '/api/doctor', handle: 'doctor', queries: [''], column: 'ID' },
  { list: '/api/consultations', handle: 'doctor', queries: ['stage=open', 'stage=done'], column: 'ID' },
  { list: '/api/bills', handle: 'billing', queries: [''], column: 'ID' },
  { list: '/api/residents', handle: 'status', queries: [''], column: 'Resident ID' },
  { list: '/api/residents/pending', handle: 'status', queries: [''], column: 'Resident ID' },
  { list: '/api/feed', handle: 'cms', queries: [''], column: 'ID' },
  { list: '/api/discounts', handle: 'discounts', queries: [''], column: 'ID' },
  { list: '/api/plots', handle: 'plots', queries: [''], column: 'ID' },
  { list: '/api/audit', handle: 'super-admin', queries: [''], column: 'ID' },
];

describe('row-level security: list exports', () => {
  const h = useHarness({ EXPORT_MAX_PER_MINUTE: '1000' });
  const { send } = signedInStaff(h);
  const societyId = (name: string) => societyIdOf(h.database.db, name);

  /** One row of every exported list and stage in society `societyId`, written on the owner connection. */
  async function rowsOfEveryList(societyId: number, tag: string): Promise<void> {
    const db = h.database.db;
    const now = h.clock.now();
    const { residentId } = await societyWithResident(db, { name: `RLS export ${tag}`, societyId });
    await db.insert(residents).values({
      societyId,
      residentCode: `P${tag}${societyId}`,
      name: `Pending ${tag}`,
      phone: `0397${String(societyId).padStart(7, '0')}`,
      passwordHash: 'x',
      status: 'Pending',
    });
    // A resident has one unacknowledged alarm at most: the later stages' alarms are acknowledged.
    const acknowledged = (kind: string, stage: string) => (kind === 'security' && stage !== 'new' ? { acknowledgedAt: now } : {});
    const desk = async (kind: 'complaint' | 'security' | 'grocery' | 'doctor', stage: 'new' | 'processing' | 'completed') =>
      (
        await db
          .insert(deskRequests)
          .values({ desk: kind, stage, societyId, residentId, body: `RLS ${tag} ${kind} ${stage}`, createdAt: now, ...acknowledged(kind, stage) })
          .returning({ id: deskRequests.id })
      )[0]!.id;
    for (const kind of ['complaint', 'security', 'grocery', 'doctor'] as const) await desk(kind, 'new');
    for (const kind of ['complaint', 'security'] as const) for (const stage of ['processing', 'completed'] as const) await desk(kind, stage);
    for (const stage of ['processing', 'completed'] as const) {
      const order = await desk('grocery', stage);
      await db.insert(groceryOrders).values({ requestId: order, societyId, deliveryCharge: '50.00', allTotal: '150.00', orderedAt: now });
      await db
        .insert(groceryOrderLines)
        .values({ requestId: order, societyId, position: 0, itemName: 'Rice', quantity: '1.000', unit: 'Kilogram', price: '100.00', total: '100.00' });
      const consultation = await desk('doctor', stage);
      await db.insert(consultations).values({
        requestId: consultation,
        societyId,
        meetingId: `rls-${tag}-${consultation}`,
        linkGeneratedAt: now,
        ...(stage === 'completed' ? { disease: 'Flu', medicine: 'Rest', prescribedAt: now } : {}),
      });
    }
    for (const state of ['active', 'cancelled', 'arrived'] as const)
      await db.insert(notHomeRequests).values({ societyId, residentId, fromDate: '2033-03-01', toDate: '2033-03-02', state });
    await db.insert(bills).values({ societyId, residentId, period: '2033-03', ratePerUnit: '1.00', units: '1.00', total: '1.00' });
    await db.insert(feedPosts).values({ societyId, title: `RLS ${tag}`, description: 'rls' });
    await db.insert(discounts).values(discountRow(societyId, `RLS ${tag}`, MEDIA));
    await db.insert(plots).values(plotRow(societyId, `RLS ${tag}`, MEDIA));
  }

  it("a Lake City export holds none of Green Valley's rows (audit log, residents, complaints)", async () => {
    const gv = await societyId('Green Valley');
    const gvIds = async (table: typeof auditLog | typeof residents | typeof deskRequests) =>
      new Set((await h.database.db.select({ id: table.id }).from(table).where(eq(table.societyId, gv))).map((r) => r.id));
    const cases = [
      { url: '/api/audit/export', email: 'super-admin@lakecity.test', ids: await gvIds(auditLog) },
      { url: '/api/complain/export?stage=completed', email: 'complaints@lakecity.test', ids: await gvIds(deskRequests) },
    ];
    for (const c of cases) {
      const file = readExport(await send('GET', c.url, c.email));
      expect(file.rows.length, c.url).toBeGreaterThan(0);
      expect(
        file.rows.filter((r) => c.ids.has(Number(r[0]?.v))),
        c.url,
      ).toEqual([]);
      expect(file.about.get('Society')).toBe('Lake City');
    }
    const gvCodes = new Set(
      (await h.database.db.select({ code: residents.residentCode }).from(residents).where(eq(residents.societyId, gv))).map((r) => r.code),
    );
    const people = readExport(await send('GET', '/api/residents/export', 'super-admin@lakecity.test'));
    expect(people.rows.length).toBeGreaterThan(0);
    expect(people.rows.filter((r) => gvCodes.has(String(r[1]?.v)))).toEqual([]);
  });

  it('the cases cover every exported list', () => {
    expect(CASES.map((c) => c.list).sort()).toEqual([...EXPORTED_LISTS].sort());
  });

  it("no Lake City export, of any list and stage, holds a Green Valley row (Green Valley's own file holds them)", async () => {
    const gv = await societyId('Green Valley');
    const lc = await societyId('Lake City');
    await rowsOfEveryList(gv, 'GV');
    await rowsOfEveryList(lc, 'LC');
    const [gvAudit] = await h.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.societyId, gv));
    expect(Number(gvAudit!.n), 'the seed has Green Valley audit rows').toBeGreaterThan(0);
    const keysOf = async (url: string, email: string, column: string) => {
      const res = await send('GET', url, email);
      expect(res.statusCode, `${url} as ${email}: ${res.body}`).toBe(200);
      const file = readExport(res);
      const col = file.header.indexOf(column);
      expect(col, `${url}: column ${column}`).toBeGreaterThanOrEqual(0);
      return { society: file.about.get('Society'), keys: file.rows.map((r) => r[col]?.v) };
    };
    for (const c of CASES) {
      for (const query of c.queries) {
        const url = `${c.list}/export${query ? `?${query}` : ''}`;
        const own = await keysOf(url, `${c.handle}@greenvalley.test`, c.column);
        expect(own.keys.length, `${url}: Green Valley's file has rows to leak`).toBeGreaterThan(0);
        const foreign = await keysOf(url, `${c.handle}@lakecity.test`, c.column);
        expect(foreign.society, url).toBe('Lake City');
        expect(foreign.keys.length, `${url}: Lake City's file has its own rows`).toBeGreaterThan(0);
        const gvKeys = new Set(own.keys);
        expect(
          foreign.keys.filter((k) => gvKeys.has(k)),
          url,
        ).toEqual([]);
      }
    }
  });
});
