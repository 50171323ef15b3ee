/**
 * The not-at-home arrival job: bounded batches, each batch's state changes and
 * audit rows in one transaction, events after commit, nothing half-done when a batch fails.
 * A failure is injected with a trigger on audit_log that raises for one request's arrival row.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotHome } from '../../src/shared/contracts/not-home.js';
import { auditLog, notHomeRequests } from '../../src/server/db/schema.js';
import { notHomeService } from '../../src/server/modules/not-home/service.js';
import { calendarDay } from '../../src/shared/calendar.js';
import { DEFAULT_TIME_ZONE } from '../../src/shared/constants.js';
import { useHarness } from './harness.js';
import { postNotHome } from '../support/clients/not-home.js';

const DAY_MS = 86_400_000;

describe('not-at-home arrival job', () => {
  const h = useHarness();
  const day = (offset: number) => calendarDay(new Date(h.clock.now().getTime() + offset * DAY_MS), DEFAULT_TIME_ZONE);
  /** A service over the app's database, bus and clock, with small batches. */
  const job = (arrivalBatch: number) => notHomeService({ db: h.database.db, bus: h.bus, outbox: h.outbox, clock: h.clock, arrivalBatch });

  /**
   * Files `n` one-day requests for today; returns their ids, ascending. First closes whatever is
   * already due, so a test's counts are its own even after an earlier test failed half-way.
   */
  async function fileToday(phone: string, n: number): Promise<number[]> {
    await job(100).arriveDue();
    const authorization = await h.residentAuth(phone);
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await postNotHome(h.app, authorization, { from: day(0), to: day(0) });
      expect(res.statusCode).toBe(201);
      ids.push(res.json<NotHome>()._id);
    }
    return ids;
  }
  async function states(ids: number[]) {
    const rows = await h.database.db.select({ id: notHomeRequests.id, state: notHomeRequests.state }).from(notHomeRequests);
    return ids.map((id) => rows.find((r) => r.id === id)?.state);
  }
  async function arrivalAudits(id: number) {
    return h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'nothome'), eq(auditLog.entityId, id), eq(auditLog.action, 'arrive')));
  }
  function recordEvents() {
    const seen: NotHome[] = [];
    const listener = ({ item }: { item: NotHome }) => void seen.push(item);
    h.bus.on('notHome.updated', listener);
    return { seen, stop: () => h.bus.off('notHome.updated', listener) };
  }

  it('closes every due request in batches: one audit row each, one event each, times from the clock', async () => {
    const ids = await fileToday('03000000021', 5);
    h.clock.advance(DAY_MS);
    const events = recordEvents();
    expect(await job(2).arriveDue()).toBe(5);
    events.stop();
    expect(await states(ids)).toEqual(Array(5).fill('arrived'));
    expect(events.seen.map((e) => e._id)).toEqual(ids);
    expect(events.seen.every((e) => e.state === 'arrived' && e.arrivedAt === h.clock.now().toISOString())).toBe(true);
    for (const id of ids) {
      const audits = await arrivalAudits(id);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ actorKind: 'system', fromStage: 'active', toStage: 'arrived', at: h.clock.now() });
    }
    // Nothing is due any more: a second run closes nothing and announces nothing.
    const again = recordEvents();
    expect(await job(2).arriveDue()).toBe(0);
    again.stop();
    expect(again.seen).toEqual([]);
  });

  it('a failure half-way keeps the batches before it, rolls back its own batch whole, and announces only what committed', async () => {
    const ids = await fileToday('03000000022', 5);
    h.clock.advance(DAY_MS);
    const failOn = ids[2]!;
    await h.database.db.execute(
      sql.raw(`create or replace function test_fail_arrival() returns trigger language plpgsql as $$
        begin
          if new.entity = 'nothome' and new.action = 'arrive' and new.entity_id = ${failOn} then raise exception 'injected failure'; end if;
          return new;
        end $$`),
    );
    await h.database.db.execute(sql`create trigger test_fail_arrival before insert on audit_log for each row execute function test_fail_arrival()`);
    const events = recordEvents();
    try {
      await expect(job(2).arriveDue()).rejects.toThrow();
    } finally {
      events.stop();
      await h.database.db.execute(sql`drop trigger test_fail_arrival on audit_log`);
      await h.database.db.execute(sql`drop function test_fail_arrival()`);
    }
    // Batch 1 (ids 0, 1) committed and was announced; batch 2 (ids 2, 3) rolled back whole — the
    // state change of id 3 too, though its audit row was never reached; batch 3 never ran.
    expect(await states(ids)).toEqual(['arrived', 'arrived', 'active', 'active', 'active']);
    expect(events.seen.map((e) => e._id)).toEqual(ids.slice(0, 2));
    for (const [i, id] of ids.entries()) expect(await arrivalAudits(id), `request ${i}`).toHaveLength(i < 2 ? 1 : 0);

    // The next run finishes the rest, once each.
    const rerun = recordEvents();
    expect(await job(2).arriveDue()).toBe(3);
    rerun.stop();
    expect(rerun.seen.map((e) => e._id)).toEqual(ids.slice(2));
    expect(await states(ids)).toEqual(Array(5).fill('arrived'));
    for (const id of ids) expect(await arrivalAudits(id)).toHaveLength(1);
  });

  it('two jobs at once (two servers on one PostgreSQL) close each request once', async () => {
    const ids = await fileToday('03000000023', 6);
    h.clock.advance(DAY_MS);
    const [a, b] = await Promise.all([job(2).arriveDue(), job(2).arriveDue()]);
    expect(a + b).toBe(6);
    for (const id of ids) expect(await arrivalAudits(id)).toHaveLength(1);
  });

  it('requests whose return date is today or later stay active', async () => {
    const authorization = await h.residentAuth('03000000024');
    const res = await postNotHome(h.app, authorization, { from: day(0), to: day(1) });
    const id = res.json<NotHome>()._id;
    h.clock.advance(DAY_MS);
    expect(await h.notHome.arriveDue()).toBe(0);
    expect(await states([id])).toEqual(['active']);
  });
});
