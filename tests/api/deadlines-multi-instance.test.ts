/**
 * The deadline job on two instances at once: every overdue item is escalated exactly once (one
 * `desk_overdue` row, one audit row, one 'deadline.overdue' on one of the two buses, one
 * 'overdue-raised' on a screen, one push where the resident is told), over the PostgreSQL
 * adapter and, with TEST_REDIS_URL, over Redis. PostgreSQL only (DATABASE_URL), like
 * multi-instance.test.ts. Items are inserted directly for the seed's approved Green Valley
 * residents 03000000001–03000000009.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { auditLog, deskOverdue, deskRequests, outbox, residents, societies } from '../../src/server/db/schema.js';
import type { OverdueRaised } from '../../src/shared/contracts/deadlines.js';
import type { OverdueEvent } from '../../src/server/lib/events.js';
import { useTwoInstances, waitFor, type TwoInstances } from '../support/two-instances.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const redisUrl = process.env.TEST_REDIS_URL;
const HOUR = 3_600_000;
const ITEMS = 250;
const DESKS = ['complaint', 'grocery', 'doctor'] as const;

function record<T>(s: Socket, event: string): T[] {
  const got: T[] = [];
  s.on(event, (x: T) => got.push(x));
  return got;
}

async function escalatesEachOnce(t: TwoInstances): Promise<void> {
  const db = t.a.database.db;
  // The seed's own old requests first, so the race below is over this test's items only.
  await t.a.jobs.deadlines.runOnce();
  const superOnA = await t.open(t.a, 'super-admin@greenvalley.test');
  const complaintsOnB = await t.open(t.b, 'complaints@greenvalley.test');
  const heardBySuper = record<OverdueRaised>(superOnA, 'overdue-raised');
  const heardByComplaints = record<OverdueRaised>(complaintsOnB, 'overdue-raised');
  const cookie = await t.staffCookie(t.a, 'super-admin@greenvalley.test');
  const told = await t.a.app.inject({
    method: 'PUT',
    url: '/api/deadlines',
    headers: { cookie },
    payload: { desks: [{ desk: 'complaint', firstActionHours: 24, completionHours: 72, notifyResident: true }] },
  });
  expect(told.statusCode).toBe(200);

  const [gv] = await db.select({ id: societies.id }).from(societies).where(eq(societies.name, 'Green Valley'));
  const people = await db
    .select({ id: residents.id })
    .from(residents)
    .where(
      and(
        eq(residents.societyId, gv!.id),
        inArray(
          residents.phone,
          Array.from({ length: 9 }, (_, i) => `0300000000${i + 1}`),
        ),
      ),
    );
  const filedAt = t.clock.now();
  const inserted = await db
    .insert(deskRequests)
    .values(
      Array.from({ length: ITEMS }, (_, i) => ({
        desk: DESKS[i % 3]!,
        societyId: gv!.id,
        residentId: people[i % people.length]!.id,
        body: `Race item ${i}`,
        createdAt: filedAt,
      })),
    )
    .returning({ id: deskRequests.id, desk: deskRequests.desk });
  const ids = inserted.map((r) => r.id);
  const complaintIds = inserted.filter((r) => r.desk === 'complaint').map((r) => r.id);
  const ours = new Set(ids);

  const fromBuses: OverdueEvent[] = [];
  const onEvent = (e: OverdueEvent) => void (ours.has(e.overdue.requestId) && fromBuses.push(e));
  t.a.bus.on('deadline.overdue', onEvent);
  t.b.bus.on('deadline.overdue', onEvent);
  try {
    t.clock.advance(24 * HOUR);
    await Promise.all([t.a.jobs.deadlines.runOnce(), t.b.jobs.deadlines.runOnce()]);

    const rows = await db.select({ requestId: deskOverdue.requestId }).from(deskOverdue).where(inArray(deskOverdue.requestId, ids));
    expect(rows).toHaveLength(ITEMS);
    expect(new Set(rows.map((r) => r.requestId)).size).toBe(ITEMS);
    const [audits] = await db
      .select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${auditLog.entityId})::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'overdue'), inArray(auditLog.entityId, ids)));
    expect(audits).toEqual({ n: ITEMS, distinct: ITEMS });
    expect(fromBuses).toHaveLength(ITEMS);
    expect(new Set(fromBuses.map((e) => e.overdue.requestId)).size).toBe(ITEMS);
    const [pushes] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(
        sql`${outbox.payload}->'data'->>'type' = 'complaint' and (${outbox.payload}->'data'->>'id')::int in ${sql`(${sql.join(
          complaintIds.map((id) => sql`${id}`),
          sql`, `,
        )})`}`,
      );
    expect(pushes!.n).toBe(complaintIds.length);

    // Every item reaches super-admin's screen on A once, whichever instance claimed it; the
    // complaints screen on B hears the complaints only.
    const mine = (list: OverdueRaised[]) => list.filter((e) => ours.has(e.requestId));
    await waitFor(() => mine(heardBySuper).length >= ITEMS && mine(heardByComplaints).length >= complaintIds.length, 'overdue-raised on both screens');
    expect(new Set(mine(heardBySuper).map((e) => e.requestId)).size).toBe(ITEMS);
    expect(
      mine(heardByComplaints)
        .map((e) => e.requestId)
        .sort((x, y) => x - y),
    ).toEqual([...complaintIds].sort((x, y) => x - y));

    // A later run on either instance finds nothing left to escalate.
    t.clock.advance(HOUR);
    await Promise.all([t.a.jobs.deadlines.runOnce(), t.b.jobs.deadlines.runOnce()]);
    expect(fromBuses).toHaveLength(ITEMS);
    expect(mine(heardBySuper)).toHaveLength(ITEMS);
  } finally {
    t.a.bus.off('deadline.overdue', onEvent);
    t.b.bus.off('deadline.overdue', onEvent);
  }
}

describe.skipIf(!onPostgres)('deadline job on two instances (PostgreSQL adapter)', () => {
  const t = useTwoInstances();
  it(`escalates each of ${ITEMS} due items exactly once when both run the job at the same moment`, () => escalatesEachOnce(t), 60_000);
});

describe.skipIf(!onPostgres || !redisUrl)('deadline job on two instances (Redis adapter, TEST_REDIS_URL)', () => {
  const t = useTwoInstances({ REDIS_URL: redisUrl ?? '' });
  it(`escalates each of ${ITEMS} due items exactly once when both run the job at the same moment`, () => escalatesEachOnce(t), 60_000);
});
