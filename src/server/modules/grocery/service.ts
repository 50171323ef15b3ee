import type { ListResponse } from '../../../shared/contracts/common.js';
import type { DeskListQuery, Stage } from '../../../shared/contracts/desk.js';
import { pushData } from '../../../shared/contracts/push.js';
import type {
  GroceryRequest,
  GroceryRequestDetail,
  Order,
  OrderDetail,
  OrderListQuery,
  OrderUpdate,
  PlaceOrder,
  ResidentOrder,
} from '../../../shared/contracts/grocery.js';
import { IN_APP, MSG, PUSH } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { inSociety } from '../../db/society-scope.js';
import { deskService } from '../../desk/service.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { EventBus } from '../../lib/events.js';
import type { PageRequest } from '../../lib/list-page.js';
import { recordAudit, staffActor } from '../audit/service.js';
import type { StaffContext } from '../auth/service.js';
import { notifyResident } from '../notifications/service.js';
import { queuePush, type OutboxWorker } from '../outbox/service.js';
import type { ResidentContext } from '../resident-auth/service.js';
import { groceryDesk, orderDesk, residentOrderDesk } from './definition.js';
import { groceryRepo, type LockedRequest } from './repo.js';

export interface GroceryDeps {
  db: Db;
  bus: EventBus;
  outbox: OutboxWorker;
  clock: Clock;
}

/** 404 outside the society; 409 unless the request is at `stage` (a delivered order: MSG.orderDelivered). */
function expectStage(locked: LockedRequest | undefined, stage: LockedRequest['stage']): LockedRequest {
  if (!locked) throw new NotFoundError();
  if (locked.stage !== stage) throw new ConflictError(locked.stage === 'completed' ? MSG.orderDelivered : MSG.wrongStage);
  return locked;
}

/**
 * The grocery desk (spec sections 2, 3, 4, 5, 7, 9): residents file requests, staff turn
 * one into an order (new → processing), edit its lines while it is open, and deliver it
 * (processing → completed). Money is computed here, exactly (`lineTotal`/`orderTotal`): totals a
 * client sends never reach it (the contracts strip them). A place, an update and a delivery of
 * one request lock its row (`groceryRepo.lockRequest`), so they run one after another.
 * Errors: 404 outside the caller's society (or no order yet, for an order read), 409 at the wrong
 * stage (MSG.orderDelivered once delivered, MSG.wrongStage otherwise).
 */
export function groceryService(deps: GroceryDeps) {
  const { db, clock } = deps;
  const requests = deskService(groceryDesk, deps);
  const orders = deskService(orderDesk, deps);
  const residentView = deskService(residentOrderDesk, deps);

  return {
    /** `POST /api/grocery` (resident): stored, then announced as 'receive-grocery'. */
    file(resident: ResidentContext, list: string): Promise<GroceryRequest> {
      return requests.file(resident, list);
    },
    /** `GET /api/grocery`: new requests (edit false), 10 a page, newest first. */
    listRequests(staff: StaffContext, q: DeskListQuery): Promise<ListResponse<GroceryRequest>> {
      return requests.list(staff, 'new', q);
    },
    /**
     * Re-announces an item that just became overdue: a new request as 'grocery-updated', an open
     * order as 'order-updated' (the deadline job's event, after its commit).
     */
    reannounceOverdue(societyId: number, id: number, stage: Exclude<Stage, 'completed'>): Promise<void> {
      return (stage === 'new' ? requests : orders).reannounce(societyId, id);
    },
    /** `GET /api/grocery/:id`: one request (any stage) with its history. */
    requestDetail(staff: StaffContext, id: number): Promise<GroceryRequestDetail> {
      return requests.detail(staff, id);
    },
    /** `GET /api/orders`: open (processing) or delivered (completed) orders, newest first. */
    listOrders(staff: StaffContext, q: OrderListQuery): Promise<ListResponse<Order>> {
      return orders.list(staff, q.stage === 'open' ? 'processing' : 'completed', q);
    },
    /** `GET /api/orders/:id`: one order with its request's history (404 while no order was placed). */
    orderDetail(staff: StaffContext, id: number): Promise<OrderDetail> {
      return orders.detail(staff, id);
    },
    /**
     * `POST /api/orders`: request → order (new → processing), with the in-app 'Order has been
     * placed'. A second order for the request → 409, also when both arrive at once.
     */
    async place(staff: StaffContext, body: PlaceOrder): Promise<Order> {
      const at = clock.now();
      // The order is told to the grocery room as 'order-updated' with kind 'created' (the
      // resident listener tells placed from updated), read in the placing transaction.
      return orders.answerMove('created', staff.societyId, body.requestId, (afterMove) =>
        requests.proceed(staff, body.requestId, {
          inTx: async (tx) => {
            const repo = groceryRepo(tx);
            expectStage(await repo.lockRequest(staff.societyId, body.requestId), 'new');
            await repo.insertOrder(staff.societyId, body.requestId, body.items, at, staff.id);
          },
          afterMove,
        }),
      );
    },
    /**
     * `PUT /api/orders/:id`. `update`: replaces the lines of an open order, recomputes the total,
     * writes the in-app record and queues the 'Order Updated' push with an audit row, in one
     * transaction. `deliver`: replaces the lines when sent, then processing → completed with the
     * 'Order Completed' push (the desk's submit).
     */
    async change(staff: StaffContext, id: number, body: OrderUpdate): Promise<Order> {
      if (body.action === 'deliver') {
        const items = body.items;
        return orders.answerMove('updated', staff.societyId, id, (afterMove) =>
          requests.submit(staff, id, null, {
            inTx: async (tx) => {
              const repo = groceryRepo(tx);
              expectStage(await repo.lockRequest(staff.societyId, id), 'processing');
              if (items) await repo.replaceLines(staff.societyId, id, items, clock.now());
            },
            afterMove,
          }),
        );
      }
      // The answer is read in the updating transaction, the event sent after its commit.
      const updated = await inSociety(db, staff.societyId, async (tx) => {
        const repo = groceryRepo(tx);
        const locked = expectStage(await repo.lockRequest(staff.societyId, id), 'processing');
        const at = clock.now();
        await repo.replaceLines(staff.societyId, id, body.items, at);
        await notifyResident(tx, {
          societyId: staff.societyId,
          residentId: locked.residentId,
          ...IN_APP.orderUpdated,
          refEntity: groceryDesk.entity,
          refId: id,
        });
        await queuePush(tx, staff.societyId, {
          to: locked.pushToken,
          residentId: locked.residentId,
          ...PUSH.orderUpdated,
          data: pushData(groceryDesk.pushItem, id),
        });
        await recordAudit(tx, {
          ...staffActor(staff),
          entity: groceryDesk.entity,
          entityId: id,
          action: 'update',
          fromStage: 'processing',
          toStage: 'processing',
          at,
        });
        return orders.loadOwnedIn(tx, staff.societyId, id);
      });
      void deps.outbox.poke();
      orders.announce('updated', staff.societyId, updated.item, updated.residentId);
      return updated.item;
    },
    /** `GET /api/resident/orders`: the resident's own grocery requests, newest first, each with its order or null. */
    mine(resident: ResidentContext, req: PageRequest): Promise<ListResponse<ResidentOrder>> {
      return residentView.mine(resident, req);
    },
    /** `GET /api/resident/orders/:id`: one of them, the same way (404 for another resident's or society's). */
    mineOne(resident: ResidentContext, id: number): Promise<ResidentOrder> {
      return residentView.mineOne(resident, id);
    },
  };
}
export type GroceryService = ReturnType<typeof groceryService>;
