import { receivesAlarms } from '../../../shared/subroles.js';
import type { ListResponse } from '../../../shared/contracts/common.js';
import { ALARM_INBOX_PAGE_SIZE, type SecurityAlert } from '../../../shared/contracts/security.js';
import { MSG } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { inOrder, inSociety, inSocietyOneStatement } from '../../db/society-scope.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { PageRequest } from '../../lib/list-page.js';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { limitOf, type Limit } from '../../lib/rate-limit/limit.js';
import { memoryRateLimitStore } from '../../lib/rate-limit/store.js';
import type { EventBus } from '../../lib/events.js';
import { staffActor } from '../audit/service.js';
import type { StaffContext } from '../auth/service.js';
import { deskRepo } from '../../desk/repo.js';
import { deskService, type Owned } from '../../desk/service.js';
import type { OutboxWorker } from '../outbox/service.js';
import type { ResidentContext } from '../resident-auth/service.js';
import { alarmRepo } from './alarm-repo.js';
import { securityDesk, toSecurityAlert, toSecurityAlerts } from './definition.js';
import { ESCALATE_BATCH, escalation } from './escalation.js';

export interface SecurityDeps {
  /** The main lane: the desk's lists, details and transitions. */
  db: Db;
  /**
   * The alarm lane (Database.alarmDb): pressing, loading an alarm to announce it, the inbox,
   * acknowledging and escalating, so no slow query on the main lane delays an alarm.
   */
  alarmDb: Db;
  bus: EventBus;
  outbox: OutboxWorker;
  /** Source of every stored time and of the rate limit's window (default: system time). */
  clock?: Clock;
  /**
   * SOS presses per resident (subject: resident id) before 429: the app's shared limit
   * (SOS_MAX_PRESSES_PER_MINUTE, counted on the alarm lane's store, failing open). Default: 10 a
   * minute in this process's memory.
   */
  pressLimit?: Limit;
  /** Alarms per escalation transaction (default ESCALATE_BATCH). */
  escalateBatch?: number;
  /** Told the first-press-to-acknowledgement time, in seconds, of each acknowledgement recorded (the metrics module). */
  metrics?: { alarmAcknowledged(seconds: number): void };
}

/**
 * The security desk (the shared three-stage mechanism) plus what alarms need beyond it:
 * - `file(resident, words)`: an SOS press — a new alarm, or merged into the resident's open
 *   (unacknowledged) one; 429 beyond the per-resident rate limit;
 * - `pending(staff, req)`: one page of the society's unacknowledged alarms, newest first —
 *   what a dashboard fetches on sign-in and every reconnect (super-admin: escalated ones only);
 * - `acknowledge(staff, id)`: recorded once (the first closer wins; later calls return the same
 *   record), audited, announced so other screens stop ringing. Super-admin may acknowledge only
 *   escalated alarms (403 otherwise: an alarm not yet escalated is button-one's to close);
 * - `proceedAlarm(staff, id, note)`: acknowledge-if-needed and new → processing in one transaction;
 * - `escalateDue(afterS)`: the escalation job's step (escalation.ts).
 */
export function securityService(deps: SecurityDeps) {
  const { alarmDb, bus } = deps;
  const clock = deps.clock ?? systemClock;
  const desk = deskService(securityDesk, { ...deps, clock });
  const pressLimit =
    deps.pressLimit ??
    limitOf(
      memoryRateLimitStore(() => clock.now().getTime()),
      { name: 'sos', limit: 10, windowMs: 60_000, message: MSG.sosTooMany },
      { onStoreError: () => undefined },
    );

  /** Inside `tx`: records the acknowledgement once, with its audit row (one statement). @returns true if this call recorded it. */
  async function acknowledgeIn(tx: Db, staff: StaffContext, id: number): Promise<boolean> {
    return alarmRepo(tx).acknowledge(staff.societyId, id, staffActor(staff), clock.now());
  }

  /**
   * After the commit of a recorded (first) acknowledgement: measured (real alarms only), then
   * announced. `residentId`: whose alarm (a row id; their socket room hears it).
   */
  function announceAcknowledged(societyId: number, { item, residentId }: Owned<SecurityAlert>, staff: { id: number; name: string }): void {
    // From the stored times (injected clock, ms precision), not the 0.1 s rounded ackSeconds. A
    // drill is practice: it must not move the real alarms' time to acknowledge.
    if (item.acknowledgedAt && !item.drill) deps.metrics?.alarmAcknowledged((Date.parse(item.acknowledgedAt) - Date.parse(item.pressedTime)) / 1000);
    bus.emit('alarm.acknowledged', {
      societyId,
      residentId,
      ack: {
        _id: item._id,
        acknowledgedAt: item.acknowledgedAt ?? clock.now().toISOString(),
        acknowledgedBy: item.acknowledgedBy ?? staff.name,
        ackSeconds: item.ackSeconds ?? 0,
      },
      ...(item.drillId !== null ? { drillId: item.drillId } : {}),
    });
  }

  return {
    ...desk,
    /** SOS press (resident API). Stored with its audit row before it is announced. 429 beyond the rate limit. */
    async file(resident: ResidentContext, words: string): Promise<SecurityAlert> {
      // One short round trip on the alarm lane's store (or none, in memory); a store that fails
      // or is slow lets the press through: an alarm is never refused for want of a counter.
      await pressLimit.take(resident.id);
      // The alarm and its audit row are one statement, and its transaction one round trip.
      const at = clock.now();
      const pressed = await inSocietyOneStatement(alarmDb, resident.societyId, (tx) =>
        alarmRepo(tx).press(resident.societyId, resident.id, words, at, {
          audit: { actorKind: 'resident', actorId: resident.id, actorName: resident.name },
        }),
      );
      // Built from what the press statement returned: no second read before the alarm goes out.
      const item = toSecurityAlert(pressed.row, pressed.details);
      // A merged press is announced like a new one, as 'pressed' (the module's listener picks the event).
      desk.announce(pressed.created ? 'created' : 'pressed', resident.societyId, item, resident.id);
      return item;
    },

    /**
     * One page ({@link ALARM_INBOX_PAGE_SIZE}) of unacknowledged alarms, newest first, in the
     * shared list response (`nextAfter`: the next page's `after`, null on the last page).
     */
    async pending(staff: StaffContext, req: PageRequest): Promise<ListResponse<SecurityAlert>> {
      const who = receivesAlarms(staff.subRole);
      if (who === 'none') throw new ForbiddenError(MSG.notAvailable);
      const escalatedOnly = who === 'escalated';
      return inSociety(alarmDb, staff.societyId, async (tx) => {
        const page = await alarmRepo(tx).pending(staff.societyId, escalatedOnly, req, ALARM_INBOX_PAGE_SIZE);
        return { ...page, items: await toSecurityAlerts(tx, page.items) };
      });
    },

    async acknowledge(staff: StaffContext, id: number): Promise<SecurityAlert> {
      const who = receivesAlarms(staff.subRole);
      if (who === 'none') throw new ForbiddenError(MSG.notAvailable);
      // The acknowledgement (with its audit row) and the alarm as announced after it leave
      // together: BEGIN to the alarm's details is one round trip on the alarm lane, COMMIT another.
      const { recorded, item } = await inSociety(alarmDb, staff.societyId, async (tx) => {
        const [recorded, row, details] = await inOrder(
          tx,
          () => alarmRepo(tx).acknowledge(staff.societyId, id, staffActor(staff), clock.now(), who === 'escalated'),
          () => deskRepo(tx, 'security').get(staff.societyId, id),
          () => alarmRepo(tx).details(staff.societyId, [id]),
        );
        const alarm = details.get(id);
        if (!row || !alarm) throw new NotFoundError();
        // Refused before it was written: the statement touches only an escalated alarm for them.
        if (who === 'escalated' && alarm.escalatedAt === null) throw new ForbiddenError(MSG.alarmNotEscalated);
        return { recorded, item: { item: toSecurityAlert(row, alarm), residentId: row.resident.id } };
      });
      if (recorded) announceAcknowledged(staff.societyId, item, staff);
      return item.item;
    },

    /** Proceeding answers the alarm: the acknowledgement (if none yet), the stage change and the note commit together. */
    async proceedAlarm(staff: StaffContext, id: number, note: string): Promise<SecurityAlert> {
      let recorded = false;
      let residentId = 0;
      const item = await desk.proceed(staff, id, {
        staffNote: note || null,
        inTx: async (tx, row) => {
          residentId = row.resident.id;
          recorded = await acknowledgeIn(tx, staff, id);
        },
      });
      if (recorded) announceAcknowledged(staff.societyId, { item, residentId }, staff);
      return item;
    },

    /**
     * The acknowledgement steps the SOS drills reuse (drills.ts, ending a drill by hand): record
     * it inside the caller's transaction, then announce it after the commit.
     */
    alarmAck: { inTx: acknowledgeIn, announce: announceAcknowledged },

    escalateDue: escalation({ db: alarmDb, bus, clock, batchSize: deps.escalateBatch ?? ESCALATE_BATCH }),
  };
}
export type SecurityService = ReturnType<typeof securityService>;
