/**
 * Typed in-process domain events (STYLE: immich). Services emit after their transaction commits;
 * the realtime module turns them into Socket.IO events for the right rooms.
 */
import { EventEmitter } from 'node:events';
import type { Complaint } from '../../shared/contracts/complaints.js';
import type { NotHome } from '../../shared/contracts/nothome.js';
import type { AlarmAcknowledged, SecurityAlert } from '../../shared/contracts/security.js';

/** The DTO each desk publishes; a new desk adds its line here. */
export interface DeskItems {
  complaint: Complaint;
  security: SecurityAlert;
}

export type DeskName = keyof DeskItems;

/** One desk's event: `{desk, societyId, item}` with `item` that desk's DTO. */
export interface DeskEventOf<K extends DeskName> {
  desk: K;
  societyId: number;
  item: DeskItems[K];
}

/**
 * Any desk's event as the bus carries it. Producers build a `DeskEventOf<D>` for their own desk;
 * consumers route it through a table mapped over `DeskName` (realtime/socket.ts), which keeps
 * `desk` and `item` correlated without casts.
 */
export type DeskEvent = DeskEventOf<DeskName>;

export interface DomainEvents {
  /** A resident's request was stored (new stage). */
  'desk.created': [DeskEvent];
  /** A request changed stage. */
  'desk.updated': [DeskEvent];
  /** A staff member closed an alarm toast first (recorded once). */
  'alarm.acknowledged': [{ societyId: number; ack: AlarmAcknowledged }];
  /** The escalation job re-raised an unacknowledged alarm. */
  'alarm.escalated': [{ societyId: number; item: SecurityAlert }];
  /** A resident pressed SOS again while their alarm was unacknowledged: merged into it (new press count). */
  'alarm.pressed': [{ societyId: number; item: SecurityAlert }];
  /** A not-at-home request was filed. */
  'nothome.created': [{ societyId: number; item: NotHome }];
  /** A not-at-home request changed (guard, cancelled, arrived). */
  'nothome.updated': [{ societyId: number; item: NotHome }];
  /** A staff session ended (logout): the sockets opened with it must close. `tokenHash` is SHA-256 hex. */
  'staff.session-ended': [{ tokenHash: string }];
  /** A staff account changed or was revoked (all its sessions deleted): every socket of it must close. */
  'staff.account-changed': [{ staffId: number }];
}

export class EventBus extends EventEmitter<DomainEvents> {}
