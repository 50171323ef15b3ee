/**
 * The export of every staff list besides complaints and the audit log (tests/api/exports.test.ts):
 * each file holds exactly the rows of the list walked page by page through the API with the same
 * query, in batches of 3 rows; money and days are number cells; the consultations' file never
 * holds a written prescription's text; a resident's stored formula comes back neutralised; under SUPER_SOCIETY
 * the posts' export holds the caller's own society only. Each test makes the rows it reads.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { residents } from '../../src/server/db/schema.js';
import type { ListResponse } from '../../src/shared/contracts/common.js';
import { fileDoctor } from '../support/clients/doctor.js';
import { fileGrocery } from '../support/clients/grocery.js';
import { postNotHome } from '../support/clients/not-home.js';
import { raiseAlarm } from '../support/clients/security.js';
import { signedInStaff } from '../support/clients/sessions.js';
import { orderLine, registration } from '../support/factories.js';
import { readExport, serialToWall } from '../support/xlsx-export.js';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { societyWithResident } from '../support/rows.js';
import { useHarness } from './harness.js';
import { addMedia, approvedPhones, discountBody, feedBody, plotBody, residentBearer, societyId } from './posts-support.js';

type Row = Record<string, unknown>;

describe('list exports: every staff list', () => {
  const h = useHarness({ EXPORT_BATCH_ROWS: '3', EXPORT_MAX_PER_MINUTE: '100', SUPER_SOCIETY: 'Lake City' });
  const { send } = signedInStaff(h);
  const tokens = new Map<string, string>();
  /** A resident's bearer header, signed in once (from an address of its own: sign-ins are limited per address). */
  const bearer = async (phone: string) => tokens.get(phone) ?? tokens.set(phone, await residentBearer(h, phone)).get(phone)!;
  const resident = { app: { inject: (...a: Parameters<typeof h.app.inject>) => h.app.inject(...a) }, residentAuth: bearer };
  const phones = () => approvedPhones(h, 'Green Valley', 4);
  /** Today in Karachi (the demo societies' zone) as YYYY-MM-DD, by the app's clock. */
  const today = () => new Date(h.clock.now().getTime() + 5 * 3_600_000).toISOString().slice(0, 10);
  const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBeLessThan(300);

  /** Each list: its path and query, who reads it, the file column naming a row and the item field it holds, and how to make 4 rows. */
  const LISTS: { path: string; query: string; email: string; key: [string, (r: Row) => unknown]; make: () => Promise<void> }[] = [
    {
      path: '/api/security',
      query: 'stage=new',
      email: 'security@greenvalley.test',
      key: ['ID', (r) => r._id],
      make: async () => {
        for (const p of await phones()) await raiseAlarm(h.app, await bearer(p));
      },
    },
    {
      path: '/api/nothome',
      query: 'state=active',
      email: 'security@greenvalley.test',
      key: ['ID', (r) => r._id],
      make: async () => {
        for (const p of await phones()) await postNotHome(h.app, await bearer(p), { from: today(), to: today() });
      },
    },
    {
      path: '/api/grocery',
      query: '',
      email: 'grocery@greenvalley.test',
      key: ['ID', (r) => r._id],
      make: async () => {
        for (const p of await phones()) await fileGrocery(resident, p, 'Milk and bread');
      },
    },
    {
      path: '/api/orders',
      query: 'stage=open',
      email: 'grocery@greenvalley.test',
      key: ['ID', (r) => r._id],
      make: async () => {
        for (const p of await phones()) {
          const req = await fileGrocery(resident, p, 'Eggs');
          ok(await send('POST', '/api/orders', 'grocery@greenvalley.test', { requestId: req._id, items: [orderLine({ price: 1234.5 })] }));
        }
      },
    },
    {
      path: '/api/doctor',
      query: '',
      email: 'doctor@greenvalley.test',
      key: ['ID', (r) => r._id],
      make: async () => {
        for (const p of await phones()) await fileDoctor(resident, p, 'Fever');
      },
    },
    {
      path: '/api/consultations',
      query: 'stage=open',
      email: 'doctor@greenvalley.test',
      key: ['ID', (r) => r._id],
      make: async () => {
        for (const p of await phones()) {
          const req = await fileDoctor(resident, p, 'Cough');
          ok(await send('PUT', `/api/doctor/${req._id}/link`, 'doctor@greenvalley.test', { meetingId: `room-${req._id}` }));
        }
      },
    },
    {
      path: '/api/bills',
      query: '',
      email: 'billing@greenvalley.test',
      key: ['ID', (r) => r._id],
      make: async () => {
        const gv = await societyId(h, 'Green Valley');
        const [r] = await h.database.db
          .select()
          .from(residents)
          .where(and(eq(residents.societyId, gv), eq(residents.status, 'Approve')))
          .limit(1);
        for (const period of ['2031-01', '2031-02', '2031-03', '2031-04']) {
          ok(await send('POST', '/api/bills', 'billing@greenvalley.test', { residentId: r!.residentCode, units: 123, ratePerUnit: 45.5, period }));
        }
      },
    },
    { path: '/api/residents', query: '', email: 'status@greenvalley.test', key: ['Resident ID', (r) => r.ResidentID], make: async () => undefined },
    {
      path: '/api/feed',
      query: '',
      email: 'cms@greenvalley.test',
      key: ['ID', (r) => r._id],
      make: async () => {
        for (let i = 0; i < 4; i++)
          ok(await send('POST', '/api/feed', 'cms@greenvalley.test', feedBody([await addMedia(h, 'Green Valley')], { description: `Export post ${i}` })));
      },
    },
    {
      path: '/api/discounts',
      query: '',
      email: 'discounts@greenvalley.test',
      key: ['ID', (r) => r._id],
      make: async () => {
        for (let i = 0; i < 4; i++) {
          ok(
            await send(
              'POST',
              '/api/discounts',
              'discounts@greenvalley.test',
              discountBody(await addMedia(h, 'Green Valley'), await addMedia(h, 'Green Valley')),
            ),
          );
        }
      },
    },
    {
      path: '/api/plots',
      query: '',
      email: 'plots@greenvalley.test',
      key: ['ID', (r) => r._id],
      make: async () => {
        for (let i = 0; i < 4; i++) ok(await send('POST', '/api/plots', 'plots@greenvalley.test', plotBody([await addMedia(h, 'Green Valley')])));
      },
    },
  ];

  /** Every row of a list through the API (page by page with the cursors, as the table pages it). */
  async function walk(path: string, query: string, email: string): Promise<Row[]> {
    const all: Row[] = [];
    let after: number | null = null;
    for (let page = 1; ; page++) {
      const res = await send('GET', `${path}?page=${page}${query ? `&${query}` : ''}${after === null ? '' : `&after=${after}`}`, email);
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
      const body = res.json<ListResponse<Row>>();
      all.push(...body.items);
      if (body.nextAfter === null) return all;
      after = body.nextAfter;
    }
  }

  it.each(LISTS)('$path?$query: the file holds the rows of every page of the list, in order', async ({ path, query, email, key, make }) => {
    await make();
    const listed = await walk(path, query, email);
    expect(listed.length, `${path} has rows`).toBeGreaterThanOrEqual(4);
    const res = await send('GET', `${path}/export?${query}`, email);
    const file = readExport(res);
    const col = file.header.indexOf(key[0]);
    expect(col).toBeGreaterThanOrEqual(0);
    expect(file.rows.map((r) => r[col]?.v)).toEqual(listed.map(key[1]));
    expect(res.headers['x-export-rows']).toBe(String(listed.length));
  });

  it('writes money and days as number cells: bills, orders, not-at-home', async () => {
    // Its own rows, each found again by its id: other tests' rows may come first in the files.
    const cellOf = async (url: string, email: string, id: unknown, title: string) => {
      const file = readExport(await send('GET', url, email));
      const row = file.rows.find((r) => r[file.header.indexOf('ID')]?.v === id);
      expect(row, `${url}: row ${String(id)}`).toBeDefined();
      return row![file.header.indexOf(title)]!;
    };
    const { phone, code } = await societyWithResident(h.database.db, {
      name: 'Export cells',
      societyId: await societyId(h, 'Green Valley'),
      password: DEMO_PASSWORD,
    });
    const made = await send('POST', '/api/bills', 'billing@greenvalley.test', { residentId: `${code}0001`, units: 77, ratePerUnit: 12.25, period: '2032-07' });
    ok(made);
    const bill = made.json<{ _id: number; total: number; period: string }>();
    expect(await cellOf('/api/bills/export', 'billing@greenvalley.test', bill._id, 'Total')).toEqual(
      expect.objectContaining({ t: 'n', v: bill.total, z: '#,##0.00' }),
    );
    const period = await cellOf('/api/bills/export', 'billing@greenvalley.test', bill._id, 'Period');
    expect(period).toMatchObject({ t: 'n', z: 'dd/mm/yyyy' });
    expect(serialToWall(Number(period.v))).toBe('2032-07-01T00:00:00');
    const req = await fileGrocery(resident, phone, 'Sugar');
    const ordered = await send('POST', '/api/orders', 'grocery@greenvalley.test', { requestId: req._id, items: [orderLine({ price: 987.65 })] });
    ok(ordered);
    const order = ordered.json<{ _id: number; allTotal: number }>();
    expect(await cellOf('/api/orders/export?stage=open', 'grocery@greenvalley.test', order._id, 'Grand total')).toEqual(
      expect.objectContaining({ t: 'n', v: order.allTotal, z: '#,##0.00' }),
    );
    const posted = await postNotHome(h.app, await bearer(phone), { from: today(), to: today() });
    ok(posted);
    const away = posted.json<{ _id: number }>();
    const from = await cellOf('/api/nothome/export?state=active', 'security@greenvalley.test', away._id, 'From');
    expect(from).toMatchObject({ t: 'n', z: 'dd/mm/yyyy' });
    expect(serialToWall(Number(from.v))).toBe(`${today()}T00:00:00`);
  });

  it("never writes a prescription: the done consultations' file says one exists and holds none of its text", async () => {
    const [phone] = await phones();
    const req = await fileDoctor(resident, phone!, 'Headache');
    ok(await send('PUT', `/api/doctor/${req._id}/link`, 'doctor@greenvalley.test', { meetingId: `room-rx-${req._id}` }));
    const prescription = {
      disease: 'Rxdisease migraine zeta',
      medicine: 'Rxmedicine paracetamol zeta',
      testNeeded: 'Rxtest bloodwork zeta',
      thingsToDo: 'Rxadvice rest zeta',
    };
    ok(await send('PUT', `/api/consultations/${req._id}/prescription`, 'doctor@greenvalley.test', prescription));
    const file = readExport(await send('GET', '/api/consultations/export?stage=done', 'doctor@greenvalley.test'));
    const row = file.rows.find((r) => r[file.header.indexOf('ID')]?.v === req._id);
    expect(row, 'the consultation is in the done file').toBeDefined();
    expect(row![file.header.indexOf('Prescription written')]?.v).toBeTruthy();
    expect(file.header.some((t) => /medicine|dosage|diagnosis|advice/i.test(String(t)))).toBe(false);
    const cells = file.rows.flat().map((c) => String(c?.v ?? ''));
    for (const text of Object.values(prescription))
      expect(
        cells.filter((c) => c.includes(text.split(' ')[0]!)),
        text,
      ).toEqual([]);
  });

  it("a resident's name stored as =HYPERLINK(…) comes back neutralised in the pending residents' file", async () => {
    const name = '=HYPERLINK("http://evil.test","Ali")';
    ok(await h.app.inject({ method: 'POST', url: '/api/resident/register', payload: registration('03557770001', { name }) }));
    const file = readExport(await send('GET', '/api/residents/pending/export', 'status@greenvalley.test'));
    expect(file.rows.map((r) => r[0])).toContainEqual(expect.objectContaining({ t: 's', v: `'${name}` }));
  });

  it("under SUPER_SOCIETY the posts' list shows every society, the export only the caller's own", async () => {
    const LC_CMS = 'cms@lakecity.test';
    ok(await send('POST', '/api/feed', 'cms@greenvalley.test', feedBody([await addMedia(h, 'Green Valley')], { description: 'Green Valley post' })));
    ok(await send('POST', '/api/feed', LC_CMS, feedBody([await addMedia(h, 'Lake City')], { description: 'Lake City post' })));
    const listed = await walk('/api/feed', '', LC_CMS);
    expect(new Set(listed.map((p) => p.societyName))).toEqual(new Set(['Green Valley', 'Lake City']));
    const file = readExport(await send('GET', '/api/feed/export', LC_CMS));
    expect(file.rows.map((r) => r[0]?.v)).toEqual(listed.filter((p) => p.societyName === 'Lake City').map((p) => p._id));
  });
});
