/**
 * The deadline job and a staff member moving the same item on at the same moment: an item whose
 * Proceed is still being written is not escalated, and once that Proceed commits it is not
 * overdue at all. PostgreSQL only (DATABASE_URL): the Proceed holds its row on a second
 * connection, which the embedded database does not have.
 */
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { auditLog, deskOverdue, deskRequests } from '../../src/server/db/schema.js';
import { societyWithResident } from '../support/rows.js';
import { useHarness } from './harness.js';

const HOUR = 3_600_000;

describe.skipIf(!process.env.DATABASE_URL)('deadline job against a Proceed in flight', () => {
  const h = useHarness();

  it('skips an item whose row a Proceed holds, and never escalates it once the Proceed commits', async () => {
    const db = h.database.db;
    const r = await societyWithResident(db, { name: 'Proceed Race Society' });
    const filedAt = h.clock.now();
    const [item] = await db
      .insert(deskRequests)
      .values({ desk: 'complaint', societyId: r.societyId, residentId: r.residentId, body: 'Lift stuck', createdAt: filedAt })
      .returning({ id: deskRequests.id });
    h.clock.advance(25 * HOUR);

    const staff = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await staff.connect();
    try {
      await staff.query('begin');
      await staff.query(`update desk_requests set stage = 'processing', proceeded_at = $2 where id = $1`, [item!.id, h.clock.now()]);
      await h.jobs.deadlines.runOnce();
      await staff.query('commit');
    } finally {
      await staff.end();
    }
    await h.jobs.deadlines.runOnce();

    expect(await db.select().from(deskOverdue).where(eq(deskOverdue.requestId, item!.id))).toEqual([]);
    const audits = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, item!.id), eq(auditLog.entity, 'complaint'), eq(auditLog.action, 'overdue')));
    expect(audits).toEqual([]);
  });
});
