/**
 * Typed in-process domain events (STYLE: immich). Services emit data after their transaction
 * commits; each module's listener (its `index.ts`, `listen`) turns the events it owns into client
 * events for the right rooms. No closure travels with an event.
 */
import { EventEmitter } from 'node:events';
import type { BroadcastOperator } from 'socket.io';
import type { ServerToClientEvents } from '../../shared/events.js';
import type { Complaint } from '../../shared/contracts/complaints.js';
import type { Consultation, DoctorRequest } from '../../shared/contracts/doctor.js';
import type { GroceryRequest, Order } from '../../shared/contracts/grocery.js';
import type { OverdueRaised } from '../../shared/contracts/deadlines.js';
import type { NotHome } from '../../shared/contracts/not-home.js';
import type { ResidentBill } from '../../shared/contracts/billing.js';
import type { AlarmAcknowledged, SecurityAlert } from '../../shared/contracts/security.js';

/** Rooms a listener sends a client event to (realtime picks the sockets; only `emit` is used). */
export type SocketRoom = Pick<BroadcastOperator<ServerToClientEvents, unknown>, 'emit'>;

/**
 * The item each desk announces, keyed by desk (a view of a desk that announces its own DTO has
 * its own key: grocery's orders, doctor's consultations). A new desk adds one line here.
 */
export interface DeskItems {
  complaint: Complaint;
  security: SecurityAlert;
  grocery: GroceryRequest;
  order: Order;
  doctor: DoctorRequest;
  consultation: Consultation;
}
export type DeskKey = keyof DeskItems;

/**
 * What happened to a desk's item: stored by a resident (`created`), moved or edited by staff
 * (`updated`), or pressed again while open (`pressed`: an SOS press merged into the open alarm).
 */
export type DeskChangeKind = 'created' | 'updated' | 'pressed';

/** A desk's item as data, tagged with its desk: `{desk: 'complaint', item: Complaint}`, … */
export type DeskItem = { [K in DeskKey]: { desk: K; item: DeskItems[K] } }[DeskKey];

/**
 * A desk item stored or changed: narrowing on `desk` types `item` (`e.desk === 'security'` → SecurityAlert).
 * `residentId` is the row id of the resident whose item it is (their socket room, realtime/rooms.ts
 * `residentRoom`); `overdue` marks a re-announcement after the deadline job flagged the item, in
 * which nothing the resident sees changed (the resident listeners skip it).
 */
export type DeskChange = DeskItem & { kind: DeskChangeKind; societyId: number; id: number; residentId: number; overdue?: true };

export interface DomainEvents {
  /** A desk's item was stored, changed stage or edited, or (security) pressed again while open. */
  'desk.changed': [DeskChange];
  /**
   * A staff member closed an alarm toast first (recorded once). `drillId`: the alarm was that SOS
   * drill's (the security module ends the drill).
   */
  'alarm.acknowledged': [{ societyId: number; residentId: number; ack: AlarmAcknowledged; drillId?: number }];
  /** The escalation job re-raised an unacknowledged alarm (`residentId`: whose alarm, a row id). */
  'alarm.escalated': [{ societyId: number; residentId: number; item: SecurityAlert }];
  /** The deadline job escalated an item past its stage's deadline (once, whatever the instances). */
  'deadline.overdue': [{ societyId: number; overdue: OverdueRaised }];
  /** A not-at-home request was filed (`residentId`: whose, a row id). */
  'notHome.created': [{ societyId: number; residentId: number; item: NotHome }];
  /** A not-at-home request changed (guard, cancelled, arrived). */
  'notHome.updated': [{ societyId: number; residentId: number; item: NotHome }];
  /** A bill was entered for one resident (`POST /api/bills`; `residentId`: a row id). */
  'bill.created': [{ societyId: number; residentId: number; bill: ResidentBill }];
  /** A staff session ended (logout): the sockets opened with it must close. `tokenHash` is SHA-256 hex. */
  'staff.session-ended': [{ tokenHash: string }];
  /** A held session was released (a temporary password replaced, two-factor turned on as required): its sockets (joined to no data room) reconnect. */
  'staff.session-released': [{ tokenHash: string }];
  /** A staff account changed or was revoked (all its sessions deleted): every socket of it must close. */
  'staff.account-changed': [{ staffId: number }];
  /** A staff account's sub-role changed: its sessions go on, read afresh; its sockets reconnect to the new rooms. */
  'staff.access-changed': [{ staffId: number }];
  /** A resident signed out: their cached token is dropped on every instance. `tokenHash` is SHA-256 hex. */
  'resident.session-ended': [{ tokenHash: string }];
  /** A resident's account changed (Approve, Block, a password reset or the temporary one replaced): their cached tokens are re-read on every instance. */
  'resident.account-changed': [{ residentId: number }];
  /** The society's logo changed: `logoUrl` is its display URL (null: none). */
  'society.logo': [{ societyId: number; logoUrl: string | null }];
}

export class EventBus extends EventEmitter<DomainEvents> {}

/** A 'deadline.overdue' event. */
export type OverdueEvent = DomainEvents['deadline.overdue'][0];

/**
 * Calls `reannounce` with the 'deadline.overdue' events of `desk` only: the desk module loads the
 * item afresh (now with `overdueSince`) and announces it as updated. A failure (the database went
 * away meanwhile) is logged; the badge then shows on the next read.
 * One at a time per desk, in order: a pass that escalates hundreds of items at once (after a
 * pause, or a clock moved in a test) would otherwise open as many transactions together and
 * crowd the main lane that every screen's reads share.
 */
export function onOverdue(
  bus: EventBus,
  desk: OverdueEvent['overdue']['desk'],
  reannounce: (e: OverdueEvent) => Promise<unknown>,
  log: { error(obj: object, msg: string): void },
): void {
  let queue: Promise<unknown> = Promise.resolve();
  bus.on('deadline.overdue', (e) => {
    if (e.overdue.desk !== desk) return;
    queue = queue.then(() => reannounce(e)).catch((err: unknown) => log.error({ err, desk }, 'overdue item not re-announced'));
  });
}

/** The changes of one desk: `item` is that desk's DTO. */
export type DeskChangeOf<K extends DeskKey> = Extract<DeskChange, { desk: K }>;

/** Calls `listener` with the 'desk.changed' events of `desk` only (a module's listener, index.ts). */
export function onDesk<K extends DeskKey>(bus: EventBus, desk: K, listener: (e: DeskChangeOf<K>) => void): void {
  const ofDesk = (e: DeskChange): e is DeskChangeOf<K> => e.desk === desk;
  bus.on('desk.changed', (e) => {
    if (ofDesk(e)) listener(e);
  });
}

/**
 * Calls `listener` with the 'desk.changed' events of `desk` that the item's resident hears in their
 * own room (a module's resident forwarding, index.ts): not an overdue re-announcement (nothing the
 * resident sees changed), never an SOS drill's practice alarm (the drill resident is no person).
 */
export function onResidentDesk<K extends DeskKey>(bus: EventBus, desk: K, listener: (e: DeskChangeOf<K>) => void): void {
  onDesk(bus, desk, (e) => {
    if (!e.overdue && !('drill' in e.item && e.item.drill)) listener(e);
  });
}
