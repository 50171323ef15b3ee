import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bills, notifications, outbox, residents } from '../../src/server/db/schema.js';
import { calendarMonth } from '../../src/shared/calendar.js';
import { DEFAULT_TIME_ZONE } from '../../src/shared/constants.js';
import type { Bill, BillResident } from '../../src/shared/contracts/billing.js';
import type { ListResponse } from '../../src/shared/contracts/common.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { changeAuditRows, residentByCode } from '../support/rows.js';
import { signedInStaff } from '../support/clients/sessions.js';

/** /Billing's manual bills, resident search and bill list (spec sections 2, 5, 8, 9). */
describe('billing: manual bills', () => {
  const h = useHarness();
  const GV = 'billing@greenvalley.test';
  // One sign-in per account (sign-ins are throttled).
  const { send } = signedInStaff(h);
  const resident = (code: string) => residentByCode(h.database.db, code);
  /** Bills, in-app records, outbox rows and audit rows of the whole database: what a refused call must not change. */
  const written = async () => {
    const n = async (t: typeof bills | typeof notifications | typeof outbox) => (await h.database.db.select({ n: count() }).from(t))[0]?.n;
    return [await n(bills), await n(notifications), await n(outbox), await changeAuditRows(h.database.db)].join('/');
  };

  it('creates a bill with an exact total, the BILL record, the push and an audit row', async () => {
    const r = await resident('GV0005');
    await h.database.db.update(residents).set({ pushToken: 'device-gv5' }).where(eq(residents.id, r.id));
    const res = await send('POST', '/api/bills', GV, { residentId: 'GV0005', ratePerUnit: 45, units: 12.34, period: '2031-01', total: 1 });
    expect(res.statusCode).toBe(201);
    const bill = res.json<Bill>();
    expect(bill).toMatchObject({ residentId: 'GV0005', name: r.name, period: '2031-01', ratePerUnit: 45, units: 12.34, total: 555.3, importId: null });
    const [record] = await h.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.refEntity, 'bill'), eq(notifications.refId, bill._id)));
    expect(record).toMatchObject({ residentId: r.id, title: 'BILL', description: 'Your electricity bill for January 2031 is PKR 555.30' });
    const [audit] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'bill'), eq(auditLog.entityId, bill._id)));
    expect(audit).toMatchObject({ action: 'create', actorKind: 'staff', actorName: expect.any(String) });
    await h.outbox.poke();
    expect(h.pushes).toContainEqual({
      to: 'device-gv5',
      residentId: r.id,
      title: 'Bill Generated',
      body: 'Tap to check!',
      data: { type: 'bill', id: String(bill._id), documentId: String(bill._id) },
    });
  });

  it('computes totals exactly (decimal arithmetic, 2 decimals)', async () => {
    const cases: [string, number, number, number][] = [
      ['GV0006', 0.1, 3, 0.3],
      ['GV0007', 33.33, 3, 99.99],
      ['GV0008', 45, 0.01, 0.45],
      ['GV0009', 100_000, 1_000_000, 100_000_000_000],
      ['GV0010', 12.35, 0.5, 6.18],
    ];
    for (const [code, ratePerUnit, units, total] of cases) {
      const res = await send('POST', '/api/bills', GV, { residentId: code, ratePerUnit, units, period: '2031-02' });
      expect(res.statusCode, code).toBe(201);
      expect(res.json<Bill>().total, code).toBe(total);
    }
  });

  it('defaults the rate to 45 and the period to this month (server clock)', async () => {
    const res = await send('POST', '/api/bills', GV, { residentId: 'GV0011', units: 10 });
    expect(res.statusCode).toBe(201);
    expect(res.json<Bill>()).toMatchObject({ ratePerUnit: 45, total: 450, period: calendarMonth(h.clock.now(), DEFAULT_TIME_ZONE) });
  });

  it('refuses a second bill for the same resident and period with 409, also when both arrive at once', async () => {
    const body = { residentId: 'GV0012', units: 5, period: '2031-03' };
    expect((await send('POST', '/api/bills', GV, body)).statusCode).toBe(201);
    const before = await written();
    const again = await send('POST', '/api/bills', GV, { ...body, units: 6 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MSG.billExists });
    expect(await written()).toBe(before);
    const both = await Promise.all([1, 2].map(() => send('POST', '/api/bills', GV, { residentId: 'GV0013', units: 1, period: '2031-03' })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    // Another period is another bill.
    expect((await send('POST', '/api/bills', GV, { ...body, period: '2031-04' })).statusCode).toBe(201);
  });

  it('answers 400 naming the field for bad input, and writes nothing', async () => {
    const before = await written();
    const bad: [object, string][] = [
      [{ residentId: 'GV0014', units: 1, ratePerUnit: 0 }, 'ratePerUnit'],
      [{ residentId: 'GV0014', units: 1, ratePerUnit: 1.234 }, 'ratePerUnit'],
      [{ residentId: 'GV0014', units: -1 }, 'units'],
      [{ residentId: 'GV0014', units: 1.001 }, 'units'],
      [{ residentId: 'GV0014', units: 1_000_001 }, 'units'],
      [{ residentId: 'GV0014', units: '10' }, 'units'],
      [{ residentId: 'GV0014' }, 'units'],
      [{ residentId: 'GV0014', units: 1, period: '2031-13' }, 'period'],
      [{ residentId: 'GV0014', units: 1, period: '31-01' }, 'period'],
      [{ residentId: '', units: 1 }, 'residentId'],
    ];
    for (const [payload, field] of bad) {
      const res = await send('POST', '/api/bills', GV, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ field: string }>().field, JSON.stringify(payload)).toBe(field);
    }
    expect(await written()).toBe(before);
  });

  it("never finds or bills another society's resident (404), nor an unknown one", async () => {
    const before = await written();
    for (const [email, code] of [
      [GV, 'LC0001'],
      ['billing@lakecity.test', 'GV0001'],
      [GV, 'GV9999'],
    ] as const) {
      const res = await send('POST', '/api/bills', email, { residentId: code, units: 1, period: '2031-05' });
      expect(res.statusCode, `${email} ${code}`).toBe(404);
      expect(res.json()).toMatchObject({ message: MSG.noMatchingDocument });
    }
    expect(await written()).toBe(before);
    const lcName = (await resident('LC0001')).name;
    const found = (await send('GET', `/api/bills/residents?name=${encodeURIComponent(lcName)}`, GV)).json<ListResponse<BillResident>>();
    expect(found.items.filter((r) => r.residentId.startsWith('LC'))).toEqual([]);
  });

  it('searches residents by full-name prefix, case-insensitively, 10 a page', async () => {
    const r = await resident('GV0003');
    const res = await send('GET', `/api/bills/residents?name=${encodeURIComponent(r.name.toUpperCase())}`, GV);
    expect(res.statusCode).toBe(200);
    const page = res.json<ListResponse<BillResident>>();
    expect(page.items.map((i) => i.residentId)).toContain('GV0003');
    expect(page.items.find((i) => i.residentId === 'GV0003')).toMatchObject({
      _id: r.id,
      name: r.name,
      phoneNo: r.phone,
      address: expect.stringContaining(r.street),
    });
    // A prefix: the first letter finds them too; a middle part of the name does not.
    const first = (await send('GET', `/api/bills/residents?name=${encodeURIComponent(r.name.slice(0, 1).toLowerCase())}`, GV)).json<
      ListResponse<BillResident>
    >();
    expect(first.total).toBeGreaterThanOrEqual(1);
    expect(first.items.length).toBeLessThanOrEqual(10);
    const middle = (await send('GET', `/api/bills/residents?name=${encodeURIComponent(r.name.slice(2))}`, GV)).json<ListResponse<BillResident>>();
    expect(middle.items.map((i) => i.residentId)).not.toContain('GV0003');
    expect((await send('GET', '/api/bills/residents?name=%25', GV)).json<ListResponse<BillResident>>().total).toBe(0);
    expect((await send('GET', '/api/bills/residents?name=', GV)).statusCode).toBe(400);
  });

  it("lists the society's bills of a period, newest first, and never another society's", async () => {
    const a = (await send('POST', '/api/bills', GV, { residentId: 'GV0015', units: 2, period: '2031-06' })).json<Bill>();
    const b = (await send('POST', '/api/bills', GV, { residentId: 'GV0016', units: 3, period: '2031-06' })).json<Bill>();
    const c = (await send('POST', '/api/bills', 'billing@lakecity.test', { residentId: 'LC0002', units: 4, period: '2031-06' })).json<Bill>();
    const gv = (await send('GET', '/api/bills?period=2031-06', GV)).json<ListResponse<Bill>>();
    expect(gv.items.map((x) => x._id)).toEqual([b._id, a._id]);
    expect(gv.total).toBe(2);
    const lc = (await send('GET', '/api/bills?period=2031-06', 'billing@lakecity.test')).json<ListResponse<Bill>>();
    expect(lc.items.map((x) => x._id)).toEqual([c._id]);
    expect((await send('GET', '/api/bills?period=2031-6', GV)).statusCode).toBe(400);
  });

  it('lets billing and super-admin in, and no other sub-role (403) or anonymous caller (401)', async () => {
    expect((await send('POST', '/api/bills', 'super-admin@greenvalley.test', { residentId: 'GV0017', units: 1, period: '2031-07' })).statusCode).toBe(201);
    const before = await written();
    for (const email of ['complaints@greenvalley.test', 'grocery@greenvalley.test', 'residence@greenvalley.test', 'notification@greenvalley.test']) {
      expect((await send('POST', '/api/bills', email, { residentId: 'GV0018', units: 1, period: '2031-07' })).statusCode, email).toBe(403);
      expect((await send('GET', '/api/bills', email)).statusCode, email).toBe(403);
      expect((await send('GET', '/api/bills/residents?name=a', email)).statusCode, email).toBe(403);
      expect((await send('POST', '/api/bills/import/1/commit', email)).statusCode, email).toBe(403);
    }
    expect((await h.app.inject({ method: 'POST', url: '/api/bills', payload: { residentId: 'GV0018', units: 1 } })).statusCode).toBe(401);
    expect(await written()).toBe(before);
  });
});
