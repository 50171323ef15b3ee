import type { ListResponse } from '../../../shared/contracts/common.js';
import { DRILL_RING_WINDOW_MS, type Drill, type DrillRang, type DrillReport } from '../../../shared/contracts/drills.js';
import type { SecurityAlert } from '../../../shared/contracts/security.js';
import { MSG } from '../../../shared/messages.js';
import { mayRunDrills } from '../../../shared/subroles.js';
import type { Db } from '../../db/client.js';
import { violatedUnique } from '../../db/pg-errors.js';
import { inSociety } from '../../db/society-scope.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import type { PageRequest } from '../../lib/list-page.js';
import { recordAudit, staffActor } from '../audit/service.js';
import type { StaffContext } from '../auth/service.js';
import { alarmRepo } from './alarm-repo.js';
import { toSecurityAlert } from './definition.js';
import { drillRepo, type DrillRow } from './drill-repo.js';
import type { SecurityService } from './service.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toDrill(r: DrillRow): Drill {
  const ack = r.acknowledgedAt ? Math.max(0, r.acknowledgedAt.getTime() - r.startedAt.getTime()) / 1000 : null;
  return {
    _id: r.id,
    alarmId: r.alarmId,
    startedAt: r.startedAt.toISOString(),
    startedBy: r.startedBy,
    endedAt: iso(r.endedAt),
    endedBy: r.endedBy,
    screensAtStart: r.screensAtStart,
    screensRang: r.screensRang,
    acknowledgedAt: iso(r.acknowledgedAt),
    acknowledgedBy: r.acknowledgedBy,
    ackSeconds: ack === null ? null : Math.round(ack * 10) / 10,
    escalatedAt: iso(r.escalatedAt),
  };
}

export interface DrillDeps {
  /** The main lane: lists, reports and screens' ring reports (nothing an alarm waits for). */
  db: Db;
  /** The alarm lane: the start (its press is the real alarm insert) and the end (an acknowledgement). */
  alarmDb: Db;
  clock: Clock;
  security: SecurityService;
  /** Security staff of the society connected now (realtime presence, across instances). */
  presence: (societyId: number) => Promise<number>;
}

/**
 * SOS drills (docs/spec-deviations.md row 91). Every entry point is for `mayRunDrills` staff
 * (button-one and super-admin; 403 otherwise):
 * - `start`: the drill row, the drill resident if new, and a normal SOS press on it with
 *   `is_drill` — one transaction on the alarm lane — then the alarm is announced like any other
 *   (every button-one screen rings; the escalation job and acknowledgement treat it as an alarm).
 *   409 MSG.drillRunning while one runs (the partial unique index decides between instances);
 * - `rang`: a screen reports its siren playing, once per screen; 409 MSG.drillEnded once ended;
 * - `end`: acknowledges the alarm if nobody did, and ends the drill (idempotent);
 * - `endAcknowledged`: acknowledging the drill's alarm ends it, by whom and when it was
 *   acknowledged (the module's bus listener, and every start before it looks for a running drill);
 * - `list`, `report`: the society's drills and one drill's screens and timeline (404 elsewhere).
 */
export function drillService(deps: DrillDeps) {
  const { db, alarmDb, clock, security } = deps;

  function allowed(staff: StaffContext): void {
    if (!mayRunDrills(staff.subRole)) throw new ForbiddenError(MSG.notAvailable);
  }

  async function load(tx: Db, societyId: number, id: number): Promise<DrillRow> {
    const row = await drillRepo(tx).get(societyId, id);
    if (!row) throw new NotFoundError();
    return row;
  }

  return {
    async start(staff: StaffContext): Promise<Drill> {
      allowed(staff);
      // Presence is asked before the transaction: it may wait on other instances' answers.
      const screensAtStart = await deps.presence(staff.societyId).catch(() => 0);
      let alarm: SecurityAlert;
      let drill: Drill;
      let drillResident: number;
      try {
        // The answer is the drill as the start wrote it, built in the starting transaction: a started
        // drill is never answered with an error because a second read failed, and the alarm lane
        // carries no extra read before the practice alarm goes out.
        ({ alarm, drill, drillResident } = await inSociety(alarmDb, staff.societyId, async (tx) => {
          const repo = drillRepo(tx);
          await repo.endAcknowledged(staff.societyId);
          if ((await repo.running(staff.societyId)) !== undefined) throw new ConflictError(MSG.drillRunning);
          const at = clock.now();
          const residentId = await repo.drillResident(staff.societyId);
          const id = await repo.insert({ societyId: staff.societyId, startedBy: staff.id, startedByName: staff.name, startedAt: at, screensAtStart });
          const pressed = await alarmRepo(tx).press(staff.societyId, residentId, '', at, { isDrill: true });
          // The drill resident's alarm is acknowledged when its drill ends; an open one here
          // means a drill ended without it: refuse rather than merge into the old alarm.
          if (!pressed.created) throw new ConflictError(MSG.drillRunning);
          await repo.attachAlarm(staff.societyId, id, pressed.row.id);
          await recordAudit(tx, { ...staffActor(staff), entity: 'security_drill', entityId: id, action: 'start', fromStage: null, toStage: null, at });
          await recordAudit(tx, { ...staffActor(staff), entity: 'security', entityId: pressed.row.id, action: 'drill', fromStage: null, toStage: 'new', at });
          return {
            alarm: toSecurityAlert(pressed.row, { ...pressed.details, drillId: id }),
            drill: toDrill({
              id,
              alarmId: pressed.row.id,
              startedAt: at,
              startedBy: staff.name,
              endedAt: null,
              endedBy: null,
              screensAtStart,
              screensRang: 0,
              acknowledgedAt: null,
              acknowledgedBy: null,
              escalatedAt: null,
            }),
            drillResident: residentId,
          };
        }));
      } catch (err) {
        // Two starts at once (two instances): the running-drill index lets one through.
        if (violatedUnique(err) === 'security_drills_running_idx') throw new ConflictError(MSG.drillRunning);
        throw err;
      }
      security.announce('created', staff.societyId, alarm, drillResident);
      return drill;
    },

    /** Records a screen's ring; `device` names its browser and system ('Chrome on Windows', from the User-Agent). */
    async rang(staff: StaffContext, id: number, body: DrillRang, device: string | null = null): Promise<void> {
      allowed(staff);
      await inSociety(db, staff.societyId, async (tx) => {
        const drill = await load(tx, staff.societyId, id);
        if (drill.endedAt) throw new ConflictError(MSG.drillEnded);
        const at = clock.now();
        // A ring is timed from the drill's start (an int of ms): past the window a browser may
        // measure (ZDrillRang.ringMs) it is no longer a time to ring.
        const ringServerMs = Math.max(0, at.getTime() - drill.startedAt.getTime());
        if (ringServerMs > DRILL_RING_WINDOW_MS) throw new ConflictError(MSG.drillRingLate);
        await drillRepo(tx).rang({
          societyId: staff.societyId,
          drillId: id,
          staffId: staff.id,
          staffName: staff.name,
          screen: body.screen,
          rangAt: at,
          ringMs: body.ringMs,
          ringServerMs,
          device,
        });
      });
    },

    async end(staff: StaffContext, id: number): Promise<Drill> {
      allowed(staff);
      // The answer is read in the ending transaction, as for the start.
      const ended = await inSociety(alarmDb, staff.societyId, async (tx) => {
        const drill = await load(tx, staff.societyId, id);
        if (drill.endedAt || drill.alarmId === null) return { ack: undefined, drill: toDrill(drill) };
        const recorded = await security.alarmAck.inTx(tx, staff, drill.alarmId);
        await drillRepo(tx).end(staff.societyId, id, staff.id, clock.now());
        await recordAudit(tx, { ...staffActor(staff), entity: 'security_drill', entityId: id, action: 'end', fromStage: null, toStage: null, at: clock.now() });
        return {
          ack: recorded ? await security.loadOwnedIn(tx, staff.societyId, drill.alarmId) : undefined,
          drill: toDrill(await load(tx, staff.societyId, id)),
        };
      });
      // Other screens stop ringing as for any acknowledgement.
      if (ended.ack) security.alarmAck.announce(staff.societyId, ended.ack, staff);
      return ended.drill;
    },

    /** Ends the society's running drill if its alarm was acknowledged. @returns true if it ended one. */
    endAcknowledged(societyId: number): Promise<boolean> {
      return inSociety(alarmDb, societyId, (tx) => drillRepo(tx).endAcknowledged(societyId));
    },

    async list(staff: StaffContext, req: PageRequest): Promise<ListResponse<Drill>> {
      allowed(staff);
      return inSociety(db, staff.societyId, async (tx) => {
        const page = await drillRepo(tx).list(staff.societyId, req);
        return { ...page, items: page.items.map(toDrill) };
      });
    },

    async report(staff: StaffContext, id: number): Promise<DrillReport> {
      allowed(staff);
      return inSociety(db, staff.societyId, async (tx) => {
        const drill = toDrill(await load(tx, staff.societyId, id));
        // Numbered in the order they rang, and named by who was signed in on which browser.
        const screens = (await drillRepo(tx).screens(staff.societyId, id)).map((s, i) => ({
          ...s,
          rangAt: s.rangAt.toISOString(),
          label: `Screen ${i + 1} — ${s.staff}${s.device ? ` (${s.device})` : ''}`,
        }));
        const timeline = [
          { at: drill.startedAt, what: `Started by ${drill.startedBy} (${drill.screensAtStart} security staff connected)` },
          ...screens.map((s) => ({ at: s.rangAt, what: `Rang on ${s.label} (${s.ringMs} ms to ring)` })),
          ...(drill.escalatedAt ? [{ at: drill.escalatedAt, what: 'Escalated to super-admin (nobody acknowledged in time)' }] : []),
          ...(drill.acknowledgedAt ? [{ at: drill.acknowledgedAt, what: `Acknowledged by ${drill.acknowledgedBy ?? 'staff'}` }] : []),
          ...(drill.endedAt ? [{ at: drill.endedAt, what: `Ended${drill.endedBy ? ` by ${drill.endedBy}` : ''}` }] : []),
        ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
        return { ...drill, screens, timeline };
      });
    },
  };
}
export type DrillService = ReturnType<typeof drillService>;
