import type { ResidentAlarm } from '../../src/shared/contracts/resident.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, deskRequests } from '../../src/server/db/schema.js';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { useHarness } from './harness.js';
import { raiseAlarm } from '../support/clients/security.js';

/**
 * The escalation job is atomic per batch: a batch whose audit insert fails
 * marks none of its alarms, batches before it stay done, and the next run escalates the rest.
 * The failure is injected with a trigger on audit_log (the same on PGlite and PostgreSQL).
 * Residents of this file: Green Valley 03000000001–03000000012.
 */
describe('escalation job', () => {
  const h = useHarness({ ESCALATE_AFTER_S: '60' });

  it('a batch that fails half-way leaves none of its alarms escalated; the next run escalates them', async () => {
    const alarms: ResidentAlarm[] = [];
    for (let i = 1; i <= 12; i++) {
      const authorization = await h.residentAuth(`030000000${String(i).padStart(2, '0')}`);
      alarms.push(await raiseAlarm(h.app, authorization));
      h.clock.advance(1_000); // oldest first is press order
    }
    const ids = alarms.map((a) => a._id);
    const poisoned = ids[7]!; // in the second batch of five
    await h.database.db.execute(
      sql.raw(`
      create function fail_escalate() returns trigger language plpgsql as $$
      begin
        if new.action = 'escalate' and new.entity_id = ${poisoned} then raise exception 'injected audit failure'; end if;
        return new;
      end $$`),
    );
    await h.database.db.execute(sql.raw('create trigger fail_escalate before insert on audit_log for each row execute function fail_escalate()'));
    const heard: number[] = [];
    const onEscalated = (e: { item: SecurityAlert }) => void heard.push(e.item._id);
    h.bus.on('alarm.escalated', onEscalated);
    const escalatedIds = async () =>
      (await h.database.db.select({ id: deskRequests.id, at: deskRequests.escalatedAt }).from(deskRequests).where(inArray(deskRequests.id, ids)))
        .filter((r) => r.at !== null)
        .map((r) => r.id)
        .sort((a, b) => a - b);
    const escalateAudits = async () =>
      (
        await h.database.db
          .select({ id: auditLog.entityId })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'escalate'), inArray(auditLog.entityId, ids)))
      )
        .map((r) => r.id)
        .sort((a, b) => a - b);

    try {
      h.clock.advance(60_000);
      await expect(h.security.escalateDue(60, 5)).rejects.toThrow();
      expect(await escalatedIds()).toEqual(ids.slice(0, 5));
      expect(await escalateAudits()).toEqual(ids.slice(0, 5));
      expect([...heard].sort((a, b) => a - b)).toEqual(ids.slice(0, 5));

      await h.database.db.execute(sql.raw('drop trigger fail_escalate on audit_log'));
      await h.database.db.execute(sql.raw('drop function fail_escalate()'));
      await h.jobs.escalation.runOnce();
      expect(await escalatedIds()).toEqual(ids);
      expect(await escalateAudits()).toEqual(ids);
      expect([...heard].sort((a, b) => a - b)).toEqual(ids);
    } finally {
      h.bus.off('alarm.escalated', onEscalated);
    }
  });
});
