import type { Stage } from '../../shared/contracts/desk.js';
import type { AuditActionText } from '../../shared/contracts/audit.js';
import type { AuditEntry, ListQuery, ListResponse } from '../../shared/contracts/common.js';
import { pushData, type PushItemType } from '../../shared/contracts/push.js';
import { MSG } from '../../shared/messages.js';
import type { Db } from '../db/client.js';
import { inSociety } from '../db/society-scope.js';
import type { PageRequest } from '../lib/list-page.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { ConflictError, NotFoundError } from '../lib/errors.js';
import type { DeskChangeKind, DeskItem, EventBus } from '../lib/events.js';
import { auditHistory, recordAudit } from '../modules/audit/service.js';
import type { StaffContext } from '../modules/auth/service.js';
import { notifyResident } from '../modules/notifications/service.js';
import { queuePush, type OutboxWorker } from '../modules/outbox/service.js';
import type { ResidentContext } from '../modules/resident-auth/service.js';
import { deskRepo, type DeskName, type DeskRow } from './repo.js';

/** What a transition tells the resident; a desk whose spec names no record or push leaves it out. */
export interface Notice {
  /** In-app notification record (spec section 7). */
  inApp?: { title: string; description: string };
  /** Push message queued in the outbox (spec section 7). */
  push?: { title: string; body: string };
}

/**
 * What makes one three-stage desk differ from another (STYLE 4: one mechanism, per-desk
 * configuration): complaints, security, grocery and doctor each supply one of these.
 */
export interface DeskDefinition<T extends { _id: number }> {
  /** The desk's name in `desk_requests.desk`. */
  desk: DeskName;
  /** Audit trail entity name. */
  entity: string;
  /** What a push about one of the desk's items opens in the resident app (its `data.type`). */
  pushItem: PushItemType;
  /**
   * Tags an item with its key in `DeskItems` (lib/events.ts) for 'desk.changed', e.g.
   * `(item) => ({desk: 'complaint', item})`; the module's listener picks the client event and the
   * room. Left out by a read-only view that announces nothing (the resident's own orders).
   */
  announceAs?: (item: T) => DeskItem;
  /**
   * Rows → DTOs, in order. Runs inside the caller's society scope (`tx`), so a desk can load its
   * own data for exactly these rows in one query (security: acknowledgement, presses, note).
   */
  toDtos(tx: Db, rows: readonly DeskRow[]): Promise<T[]>;
  /** Told to the resident on new → processing. */
  onProceed: Notice;
  /** Told to the resident on processing → completed. */
  onSubmit: Notice;
}

/** A desk item with the row id of the resident it belongs to (the resident's socket room). */
export interface Owned<T> {
  item: T;
  residentId: number;
}

/** A desk whose DTO needs nothing beyond the shared columns maps each row on its own. */
export function mapRows<T>(toDto: (row: DeskRow) => T): (tx: Db, rows: readonly DeskRow[]) => Promise<T[]> {
  return async (_tx, rows) => rows.map(toDto);
}

/** Extra work of a desk inside a transition's transaction (e.g. security: acknowledge on Proceed). */
export type InTransition = (tx: Db, row: DeskRow) => Promise<void>;

/** Work inside a transition's transaction after the stage change and its audit row (another view reading its answer). */
export type AfterMove = (tx: Db) => Promise<void>;

/**
 * The desk mechanism: list by stage, detail with history, file (resident), proceed and submit
 * (staff). Each transition is one transaction (stage change + in-app record + outbox push +
 * audit row); events go out only after it commits. Stored times come from `deps.clock`.
 * Errors: 404 for an id not in the caller's society, 409 when the row is not at the expected stage.
 */
export function deskService<T extends { _id: number }>(def: DeskDefinition<T>, deps: { db: Db; bus: EventBus; outbox: OutboxWorker; clock?: Clock }) {
  const { db, bus } = deps;
  const clock = deps.clock ?? systemClock;

  /**
   * Emits 'desk.changed' for a stored, moved or (security) pressed-again item of resident
   * `residentId` (a row id), after its transaction committed. `opts.overdue`: a re-announcement
   * after the deadline job flagged it (nothing the resident sees changed).
   */
  function announce(kind: DeskChangeKind, societyId: number, item: T, residentId: number, opts: { overdue?: true } = {}): void {
    if (def.announceAs) bus.emit('desk.changed', { ...def.announceAs(item), kind, societyId, id: item._id, residentId, ...opts });
  }

  /** One request as its desk's DTO with its resident's row id, inside the caller's society-scoped `tx`. @throws NotFoundError outside the society. */
  async function loadOwnedIn(tx: Db, societyId: number, id: number): Promise<Owned<T>> {
    const row = await deskRepo(tx, def.desk).get(societyId, id);
    if (!row) throw new NotFoundError();
    const [item] = await def.toDtos(tx, [row]);
    return { item: item!, residentId: row.resident.id };
  }

  /** One request as its desk's DTO, read inside the caller's society-scoped transaction `tx`. @throws NotFoundError outside the society. */
  async function loadIn(tx: Db, societyId: number, id: number): Promise<T> {
    return (await loadOwnedIn(tx, societyId, id)).item;
  }

  /** One request as its desk's DTO with its resident's row id (404 outside the society), read through `via` (default: the main lane). */
  function loadOwned(societyId: number, id: number, via: Db = db): Promise<Owned<T>> {
    return inSociety(via, societyId, (tx) => loadOwnedIn(tx, societyId, id));
  }

  /** One request as its desk's DTO (404 outside the society), read through `via` (default: the main lane). */
  async function load(societyId: number, id: number, via: Db = db): Promise<T> {
    return (await loadOwned(societyId, id, via)).item;
  }

  /**
   * Answers a move made through another view of the same desk (grocery's request → order,
   * doctor's request → consultation) with this view's item, read in the moving transaction
   * (`move` passes the hook on as its `afterMove`) and announced as `kind` after the commit: a
   * committed move is never answered with an error because a second read failed.
   * @returns this view's item for `id` as the move left it
   */
  async function answerMove(kind: DeskChangeKind, societyId: number, id: number, move: (afterMove: AfterMove) => Promise<unknown>): Promise<T> {
    let owned: Owned<T> | undefined;
    await move(async (tx) => {
      owned = await loadOwnedIn(tx, societyId, id);
    });
    if (!owned) throw new Error(`The move of ${def.desk} ${id} did not read its answer`);
    announce(kind, societyId, owned.item, owned.residentId);
    return owned.item;
  }

  /** Loads the item afresh and announces it as `kind`. @returns the item. */
  async function announceLoaded(kind: DeskChangeKind, societyId: number, id: number, opts: { overdue?: true } = {}): Promise<T> {
    const { item, residentId } = await loadOwned(societyId, id);
    announce(kind, societyId, item, residentId, opts);
    return item;
  }

  async function transition(
    staff: StaffContext,
    id: number,
    from: Stage,
    to: Stage,
    action: AuditActionText,
    patch: Parameters<ReturnType<typeof deskRepo>['transition']>[3],
    notice: Notice,
    inTx?: InTransition,
    afterMove?: AfterMove,
  ): Promise<T> {
    // The answer is read in the transaction that moved the item: a committed move is never
    // answered with an error because a second read failed.
    const owned = await inSociety(db, staff.societyId, async (t) => {
      const row = await deskRepo(t, def.desk).get(staff.societyId, id);
      if (!row) throw new NotFoundError();
      if (row.stage !== from) throw new ConflictError(MSG.wrongStage);
      if (inTx) await inTx(t, row);
      if (!(await deskRepo(t, def.desk).transition(staff.societyId, id, from, { ...patch, stage: to }))) {
        throw new ConflictError(MSG.wrongStage);
      }
      // A drill's practice alarm belongs to the drill resident, a card with no person behind it:
      // nothing is recorded for or pushed to anyone.
      if (notice.inApp && !row.isDrill) {
        await notifyResident(t, {
          societyId: staff.societyId,
          residentId: row.resident.id,
          title: notice.inApp.title,
          description: notice.inApp.description,
          refEntity: def.entity,
          refId: id,
        });
      }
      if (notice.push && !row.isDrill) {
        await queuePush(t, staff.societyId, {
          to: row.resident.pushToken,
          residentId: row.resident.id,
          title: notice.push.title,
          body: notice.push.body,
          data: pushData(def.pushItem, id),
        });
      }
      await recordAudit(t, {
        societyId: staff.societyId,
        actorKind: 'staff',
        actorId: staff.id,
        actorName: staff.name,
        entity: def.entity,
        entityId: id,
        action,
        fromStage: from,
        toStage: to,
        at: clock.now(),
      });
      if (afterMove) await afterMove(t);
      return loadOwnedIn(t, staff.societyId, id);
    });
    announce('updated', staff.societyId, owned.item, owned.residentId);
    void deps.outbox.poke();
    return owned.item;
  }

  return {
    announce,
    announceLoaded,
    answerMove,
    /** One request as its desk's DTO, without history (404 outside the society); `via` picks the lane. */
    load,
    loadIn,
    loadOwnedIn,
    /**
     * Loads the item afresh and announces it as 'updated' (marked `overdue`): for a change made
     * outside the desk's own transitions (the deadline job marked it overdue), so every cached
     * staff list shows it.
     */
    async reannounce(societyId: number, id: number): Promise<void> {
      await announceLoaded('updated', societyId, id, { overdue: true });
    },
    /**
     * One page of a stage for the caller's society: `{items, total, totalExact}` (ADR 0003);
     * `req.overdue` keeps the items past the stage's deadline only; an export batch sets
     * `req.size` (lib/export-route.ts batchQuery).
     */
    async list(staff: StaffContext, stage: Stage, req: ListQuery & Pick<PageRequest, 'size'> & { overdue?: boolean }): Promise<ListResponse<T>> {
      return inSociety(db, staff.societyId, async (tx) => {
        const page = await deskRepo(tx, def.desk).list(staff.societyId, stage, req);
        return { ...page, items: await def.toDtos(tx, page.items) };
      });
    },
    /**
     * One page of the resident's own requests of this desk, newest first, every stage
     * (`GET /api/resident/<desk>`): `{items, total, totalExact}`, 10 a page.
     */
    async mine(resident: ResidentContext, req: PageRequest): Promise<ListResponse<T>> {
      return inSociety(db, resident.societyId, async (tx) => {
        const page = await deskRepo(tx, def.desk).mine(resident.societyId, resident.id, req);
        return { ...page, items: await def.toDtos(tx, page.items) };
      });
    },
    /**
     * One of the resident's own requests of this desk (`GET /api/resident/<desk>/:id`), as `mine`
     * lists it. @throws NotFoundError for another resident's or another society's (never 403).
     */
    async mineOne(resident: ResidentContext, id: number): Promise<T> {
      return inSociety(db, resident.societyId, async (tx) => {
        const row = await deskRepo(tx, def.desk).getOwn(resident.societyId, resident.id, id);
        if (!row) throw new NotFoundError();
        const [item] = await def.toDtos(tx, [row]);
        return item!;
      });
    },
    async detail(staff: StaffContext, id: number): Promise<T & { history: AuditEntry[] }> {
      return inSociety(db, staff.societyId, async (tx) => {
        const row = await deskRepo(tx, def.desk).get(staff.societyId, id);
        if (!row) throw new NotFoundError();
        const [item] = await def.toDtos(tx, [row]);
        return { ...item!, history: await auditHistory(tx, staff.societyId, def.entity, id) };
      });
    },
    /**
     * A resident files a request: stored (with its audit row) first, then announced. The answer is
     * read inside the same transaction: once it commits, nothing can turn it into an error (and a
     * retry into a second request).
     */
    async file(resident: ResidentContext, body: string): Promise<T> {
      const item = await inSociety(db, resident.societyId, async (t) => {
        const at = clock.now();
        const newId = await deskRepo(t, def.desk).insert(resident.societyId, resident.id, body, at);
        await recordAudit(t, {
          societyId: resident.societyId,
          actorKind: 'resident',
          actorId: resident.id,
          actorName: resident.name,
          entity: def.entity,
          entityId: newId,
          action: 'create',
          fromStage: null,
          toStage: 'new',
          at,
        });
        return loadIn(t, resident.societyId, newId);
      });
      announce('created', resident.societyId, item, resident.id);
      return item;
    },
    /**
     * new → processing. `extra.staffNote` stores the staff's note (security); `extra.inTx` runs in
     * the same transaction, after the stage check and before the stage change; `extra.afterMove`
     * after the change and its audit row.
     */
    proceed(staff: StaffContext, id: number, extra: { staffNote?: string | null; inTx?: InTransition; afterMove?: AfterMove } = {}): Promise<T> {
      const patch = {
        stage: 'processing' as const,
        proceededAt: clock.now(),
        proceededBy: staff.id,
        ...(extra.staffNote !== undefined ? { staffNote: extra.staffNote } : {}),
      };
      return transition(staff, id, 'new', 'processing', 'proceed', patch, def.onProceed, extra.inTx, extra.afterMove);
    },
    /**
     * processing → completed with the staff's response (null: the desk records none, e.g. grocery
     * delivery). `extra.inTx` runs in the same transaction, after the stage check and before the
     * stage change (grocery: replace the order's lines); `extra.afterMove` after the change and its
     * audit row.
     */
    submit(staff: StaffContext, id: number, response: string | null, extra: { inTx?: InTransition; afterMove?: AfterMove } = {}): Promise<T> {
      return transition(
        staff,
        id,
        'processing',
        'completed',
        'submit',
        { stage: 'completed', response, completedAt: clock.now(), completedBy: staff.id },
        def.onSubmit,
        extra.inTx,
        extra.afterMove,
      );
    },
  };
}
