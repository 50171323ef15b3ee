import { and, count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditLog, securityDrills } from '../../src/server/db/schema.js';
import type { Consultation } from '../../src/shared/contracts/doctor.js';
import type { Drill } from '../../src/shared/contracts/drills.js';
import type { Order } from '../../src/shared/contracts/grocery.js';
import { useHarness } from './harness.js';
import { fileDoctor } from '../support/clients/doctor.js';
import { fileGrocery } from '../support/clients/grocery.js';
import { staffRequest } from '../support/clients/sessions.js';
import { breakScopesAfterAudit } from '../support/scope-faults.js';

const GROCERY = 'grocery@greenvalley.test';
const DOCTOR = 'doctor@greenvalley.test';
const GUARD = 'security@greenvalley.test';
const ITEMS = [{ itemName: 'Milk', quantity: 2, currency: 'liter', price: 180 }];

/**
 * A staff write that committed is answered from what its own transaction read, never from a
 * second transaction that could fail after the commit (docs/ARCHITECTURE.md, idempotent writes):
 * the grocery order's placing, update and delivery, the doctor's link, 'ready' and prescription,
 * and a drill's start and end. Each test breaks every society-scoped transaction that starts after
 * the write's audit row, as a terminated connection would. Residents of this file: Green Valley
 * 03000000048 and 03000000049.
 */
describe('answers read in the writing transaction', () => {
  const h = useHarness();
  const staff = staffRequest(h);
  afterEach(() => vi.restoreAllMocks());

  const audits = async (entity: string, entityId: number) =>
    (
      await h.database.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    )[0]!.n;

  it('a grocery order placed, updated and delivered is answered 201 / 200 with the order', async () => {
    const cookie = await h.staffCookie(GROCERY);
    const req = await fileGrocery(h, '03000000048', 'Milk, two litres');

    let audited = breakScopesAfterAudit();
    const placed = await staff('POST', '/api/orders', cookie, { requestId: req._id, items: ITEMS });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(audited()).toBe(true);
    expect(placed.json<Order>()).toMatchObject({ _id: req._id, Status: 'Processing', items: [{ itemName: 'Milk', quantity: 2 }] });
    vi.restoreAllMocks();

    audited = breakScopesAfterAudit();
    const updated = await staff('PUT', `/api/orders/${req._id}`, cookie, { action: 'update', items: [{ ...ITEMS[0]!, quantity: 3 }] });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(audited()).toBe(true);
    expect(updated.json<Order>().items[0]).toMatchObject({ quantity: 3 });
    vi.restoreAllMocks();

    audited = breakScopesAfterAudit();
    const delivered = await staff('PUT', `/api/orders/${req._id}`, cookie, { action: 'deliver' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(audited()).toBe(true);
    expect(delivered.json<Order>()).toMatchObject({ _id: req._id, Status: 'Delivered' });
    vi.restoreAllMocks();
    // Filed, placed, updated, delivered: each once.
    expect(await audits('grocery', req._id)).toBe(4);
  });

  it("a doctor's link, 'ready' and prescription are answered 200 with the consultation", async () => {
    const cookie = await h.staffCookie(DOCTOR);
    const req = await fileDoctor(h, '03000000049', 'Fever since last night');

    let audited = breakScopesAfterAudit();
    const linked = await staff('PUT', `/api/doctor/${req._id}/link`, cookie, { meetingId: 'room-fever' });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(audited()).toBe(true);
    expect(linked.json<Consultation>()).toMatchObject({ _id: req._id, prescription: false });
    vi.restoreAllMocks();

    audited = breakScopesAfterAudit();
    const ready = await staff('POST', `/api/consultations/${req._id}/ready`, cookie);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(audited()).toBe(true);
    expect(ready.json<Consultation>()._id).toBe(req._id);
    vi.restoreAllMocks();

    audited = breakScopesAfterAudit();
    const prescribed = await staff('PUT', `/api/consultations/${req._id}/prescription`, cookie, {
      disease: 'Flu',
      medicine: 'Rest and fluids',
      testNeeded: 'None',
      thingsToDo: 'Call again if it lasts',
    });
    expect(prescribed.statusCode, prescribed.body).toBe(200);
    expect(audited()).toBe(true);
    expect(prescribed.json<Consultation>()).toMatchObject({ _id: req._id, prescription: true });
    vi.restoreAllMocks();
    expect(await audits('doctor', req._id)).toBe(4);
  });

  it("a drill's start is answered 201 and its end 200 with the drill", async () => {
    const cookie = await h.staffCookie(GUARD);

    let audited = breakScopesAfterAudit();
    const started = await staff('POST', '/api/security/drills', cookie);
    expect(started.statusCode, started.body).toBe(201);
    expect(audited()).toBe(true);
    const drill = started.json<Drill>();
    expect(drill).toMatchObject({ endedAt: null, alarmId: expect.any(Number) });
    vi.restoreAllMocks();

    audited = breakScopesAfterAudit();
    const ended = await staff('POST', `/api/security/drills/${drill._id}/end`, cookie);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(audited()).toBe(true);
    expect(ended.json<Drill>()).toMatchObject({ _id: drill._id, endedAt: expect.any(String) });
    vi.restoreAllMocks();
    const [row] = await h.database.db.select({ endedAt: securityDrills.endedAt }).from(securityDrills).where(eq(securityDrills.id, drill._id));
    expect(row!.endedAt).not.toBeNull();
  });
});
