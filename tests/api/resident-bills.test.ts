/**
 * The resident's own bills (`GET /api/resident/bills`): only the caller's bills of the caller's
 * society, newest first (last entered first), 10 a page with `?page=` and the keyset cursors,
 * each with period, units, rate per unit, total and when it was entered; bearer token of an
 * approved resident only.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { residents } from '../../src/server/db/schema.js';
import type { Bill, ResidentBill } from '../../src/shared/contracts/billing.js';
import type { ListResponse } from '../../src/shared/contracts/common.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { createBill, residentBills } from '../support/clients/billing.js';
import { walkResidentList } from '../support/clients/resident-lists.js';
import { residentTokens, signedInStaff } from '../support/clients/sessions.js';
import { registration } from '../support/factories.js';

const PATH = '/api/resident/bills';
const GV = 'billing@greenvalley.test';
const LC = 'billing@lakecity.test';

describe('resident API: own bills', () => {
  const h = useHarness();
  const token = residentTokens(h);
  const { cookie } = signedInStaff(h);
  /** Bills `code` for each period, one by one on `email`'s /Billing, each a minute after the last; @returns them in that order. */
  const bill = async (email: string, code: string, periods: string[], units = 10): Promise<Bill[]> => {
    const made: Bill[] = [];
    for (const period of periods) {
      h.clock.advance(60_000);
      made.push(await createBill(h, await cookie(email), { residentId: code, units, ratePerUnit: 12.35, period }));
    }
    return made;
  };
  const months = (year: number, n: number) => Array.from({ length: n }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);

  it("lists only the caller's own bills, newest first, paged by ?page= and cursors, never another resident's or society's", async () => {
    const a = await token('03000000002');
    const b = await token('03000000003');
    const c = await token('03100000002');
    const mine = await bill(GV, 'GV0002', months(2031, 12), 0.5);
    const othersB = await bill(GV, 'GV0003', ['2031-01', '2031-02']);
    const othersC = await bill(LC, 'LC0002', ['2031-01', '2031-02']);
    // A month billed late: entered last, so listed first (newest first is the order of entry).
    const late = await bill(GV, 'GV0002', ['2030-12'], 3);

    const items = await walkResidentList<ResidentBill>(h, PATH, a);
    expect(items.map((i) => i._id)).toEqual([...mine, ...late].reverse().map((x) => x._id));
    expect(items[0]).toEqual({
      _id: late[0]!._id,
      period: '2030-12',
      units: 3,
      ratePerUnit: 12.35,
      total: 37.05,
      createdAt: late[0]!.createdAt,
    });
    // Money as the staff Bill has it: numbers rounded half-up to 2 decimals (12.35 × 0.5 = 6.175).
    expect(items.at(-1)).toMatchObject({ period: '2031-01', units: 0.5, ratePerUnit: 12.35, total: 6.18 });
    // Only the bill's own figures: no resident card, no import id.
    for (const i of items) expect(Object.keys(i).sort()).toEqual(['_id', 'createdAt', 'period', 'ratePerUnit', 'total', 'units']);

    const bIds = (await walkResidentList<ResidentBill>(h, PATH, b)).map((i) => i._id);
    expect(bIds).toEqual(othersB.map((x) => x._id).reverse());
    const cIds = (await walkResidentList<ResidentBill>(h, PATH, c)).map((i) => i._id);
    expect(cIds).toEqual(othersC.map((x) => x._id).reverse());
    // A cursor taken from another resident's bill pages on through the caller's own bills only.
    const past = await residentBills(h, { authorization: a }, `?after=${othersB[1]!._id}`);
    const own = new Set(items.map((i) => i._id));
    expect(past.json<ListResponse<ResidentBill>>().items.map((i) => i._id)).toEqual(
      items
        .filter((i) => i._id < othersB[1]!._id)
        .map((i) => i._id)
        .slice(0, 10),
    );
    expect(past.json<ListResponse<ResidentBill>>().items.every((i) => own.has(i._id))).toBe(true);
  });

  it('answers an empty first page to a resident without bills; the list query takes q and ignores it', async () => {
    const authorization = await token('03000000004');
    const res = await residentBills(h, { authorization }, '?q=anything&page=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ items: [], total: 0, totalExact: true, nextAfter: null, prevBefore: null });
  });

  it('answers 401 without a bearer token, with a bad one, and to a staff cookie of any sub-role', async () => {
    const callers: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-a-token' },
      { cookie: await cookie(GV) },
      { cookie: await cookie('super-admin@greenvalley.test') },
    ];
    for (const headers of callers) expect((await residentBills(h, headers)).statusCode, JSON.stringify(headers).slice(0, 30)).toBe(401);
  });

  it('refuses a Pending resident and a blocked one with 403, as every resident service route', async () => {
    const body = registration('03009990001');
    expect((await h.app.inject({ method: 'POST', url: '/api/resident/register', payload: body })).statusCode).toBe(201);
    const pending = await residentBills(h, { authorization: await h.residentAuth(body.phone, body.password) });
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({ message: MSG.residentPending });

    const phone = '03000000005';
    const authorization = await token(phone);
    await bill(GV, 'GV0005', ['2031-01']);
    expect((await residentBills(h, { authorization })).statusCode).toBe(200);
    await h.database.db.update(residents).set({ status: 'Block' }).where(eq(residents.phone, phone));
    // Blocked behind the server's back (not through /Status): the cached token is refused all the
    // same, by the database's check in the request's first query.
    expect((await residentBills(h, { authorization })).statusCode).toBe(403);
  });

  it('refuses a bad page or cursor with 400 naming the field', async () => {
    const authorization = await token('03000000002');
    for (const [qs, field] of [
      ['?page=0', 'page'],
      ['?page=x', 'page'],
      ['?after=-1', 'after'],
      ['?before=1.5', 'before'],
      ['?after=0x10', 'after'],
    ] as const) {
      const res = await residentBills(h, { authorization }, qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json<{ field?: string }>().field, qs).toBe(field);
    }
  });
});
