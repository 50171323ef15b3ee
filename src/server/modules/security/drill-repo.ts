import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import { deskRequests, residents, securityDrillScreens, securityDrills, staffUsers } from '../../db/schema.js';
import { listPage, type PageRequest } from '../../lib/list-page.js';

/** The drill resident's card: what a drill alarm shows as "who pressed". */
const DRILL_RESIDENT = { name: 'Drill resident', address: 'DRILL' };

const ZIdRow = z.object({ id: z.number() });

const ackStaff = alias(staffUsers, 'ack_staff');
const endStaff = alias(staffUsers, 'end_staff');

/** A drill row with its alarm's acknowledgement and escalation (what ZDrill shows). */
const drillColumns = {
  id: securityDrills.id,
  alarmId: securityDrills.alarmId,
  startedAt: securityDrills.startedAt,
  startedBy: securityDrills.startedByName,
  endedAt: securityDrills.endedAt,
  endedBy: endStaff.name,
  screensAtStart: securityDrills.screensAtStart,
  screensRang: sql<number>`(select count(*)::int from security_drill_screens s where s.drill_id = ${securityDrills.id})`,
  acknowledgedAt: deskRequests.acknowledgedAt,
  acknowledgedBy: ackStaff.name,
  escalatedAt: deskRequests.escalatedAt,
};

/** One drill as read by {@link drillRepo}. */
export type DrillRow = Awaited<ReturnType<ReturnType<typeof drillRepo>['get']>> & object;

/**
 * SOS drill queries (security_drills, security_drill_screens, the drill resident). Call inside
 * `inSociety`: every query also filters by the society, and row security hides the rest.
 */
export function drillRepo(db: Db) {
  const base = () =>
    db
      .select(drillColumns)
      .from(securityDrills)
      .leftJoin(deskRequests, eq(deskRequests.id, securityDrills.alarmId))
      .leftJoin(ackStaff, eq(ackStaff.id, deskRequests.acknowledgedBy))
      .leftJoin(endStaff, eq(endStaff.id, securityDrills.endedBy));
  const rowsIn = (societyId: number, ids: readonly number[]) =>
    ids.length === 0 ? Promise.resolve([]) : base().where(and(eq(securityDrills.societyId, societyId), inArray(securityDrills.id, [...ids])));

  return {
    /**
     * The society's drill resident (made on first use: 'Drill resident', code '<CODE>DRILL', a
     * phone no real phone can be, status Approve, no password or push token). Concurrent first
     * drills meet on the unique indexes: the loser's insert does nothing and both read the one row.
     * @returns its row id
     */
    async drillResident(societyId: number): Promise<number> {
      await db.execute(sql`
        insert into residents (society_id, resident_code, name, phone, status, house, is_drill)
        select s.id, s.code || 'DRILL', ${DRILL_RESIDENT.name}, 'drill:' || s.id, 'Approve', ${DRILL_RESIDENT.address}, true
        from societies s where s.id = ${societyId}
        on conflict do nothing`);
      const [row] = await db
        .select({ id: residents.id })
        .from(residents)
        .where(and(eq(residents.societyId, societyId), eq(residents.isDrill, true)));
      if (!row) throw new Error(`no drill resident for society ${societyId}`);
      return row.id;
    },
    /** The running drill's id, if one runs. */
    async running(societyId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: securityDrills.id })
        .from(securityDrills)
        .where(and(eq(securityDrills.societyId, societyId), isNull(securityDrills.endedAt)));
      return row?.id;
    },
    /** A new running drill (its alarm is attached by {@link attachAlarm}). Unique violation `security_drills_running_idx` if one runs. @returns its id */
    async insert(d: { societyId: number; startedBy: number; startedByName: string; startedAt: Date; screensAtStart: number }): Promise<number> {
      const [row] = await db.insert(securityDrills).values(d).returning({ id: securityDrills.id });
      return row!.id;
    },
    async attachAlarm(societyId: number, id: number, alarmId: number): Promise<void> {
      await db
        .update(securityDrills)
        .set({ alarmId })
        .where(and(eq(securityDrills.societyId, societyId), eq(securityDrills.id, id)));
    },
    /** Ends the drill if it runs (compare-and-set). @returns true if this call ended it. */
    async end(societyId: number, id: number, staffId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(securityDrills)
        .set({ endedAt: at, endedBy: staffId })
        .where(and(eq(securityDrills.societyId, societyId), eq(securityDrills.id, id), isNull(securityDrills.endedAt)))
        .returning({ id: securityDrills.id });
      return rows.length === 1;
    },
    /**
     * Ends the society's running drill whose alarm was acknowledged, at the acknowledgement's
     * time and by its staff member. @returns true if it ended one.
     */
    async endAcknowledged(societyId: number): Promise<boolean> {
      // Written out: an UPDATE … FROM needs every column qualified.
      const rows = await db.execute(sql`
        update security_drills d set ended_at = r.acknowledged_at, ended_by = r.acknowledged_by
        from desk_requests r
        where d.society_id = ${societyId} and d.ended_at is null and r.id = d.alarm_id and r.acknowledged_at is not null
        returning d.id`);
      return rowsOf(rows, ZIdRow).length > 0;
    },
    /** Records a screen's ring once per (drill, screen). @returns true if this call recorded it. */
    async rang(s: typeof securityDrillScreens.$inferInsert): Promise<boolean> {
      const rows = await db.insert(securityDrillScreens).values(s).onConflictDoNothing().returning({ id: securityDrillScreens.id });
      return rows.length === 1;
    },
    async get(societyId: number, id: number) {
      const [row] = await rowsIn(societyId, [id]);
      return row;
    },
    /** The drill's screens, first ringing first. */
    screens(societyId: number, drillId: number) {
      return db
        .select({
          staff: securityDrillScreens.staffName,
          screen: securityDrillScreens.screen,
          rangAt: securityDrillScreens.rangAt,
          ringMs: securityDrillScreens.ringMs,
          ringServerMs: securityDrillScreens.ringServerMs,
          device: securityDrillScreens.device,
        })
        .from(securityDrillScreens)
        .where(and(eq(securityDrillScreens.societyId, societyId), eq(securityDrillScreens.drillId, drillId)))
        .orderBy(asc(securityDrillScreens.ringServerMs), asc(securityDrillScreens.id));
    },
    /** One page of the society's drills, newest first, counted exactly (a society runs few). */
    list(societyId: number, req: PageRequest) {
      return listPage({
        db,
        exactCount: true,
        table: securityDrills,
        id: securityDrills.id,
        order: [securityDrills.societyId, securityDrills.id],
        where: eq(securityDrills.societyId, societyId),
        req,
        rows: (ids) => rowsIn(societyId, ids),
        idOf: (row) => row.id,
      });
    },
  };
}
