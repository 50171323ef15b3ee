/**
 * Typed in-process domain events (STYLE: immich). Services emit after their transaction commits;
 * the realtime module turns them into Socket.IO events for the right rooms.
 */
import { EventEmitter } from 'node:events';
import type { BroadcastOperator } from 'socket.io';
import type { ServerToClientEvents } from '../../shared/events.js';
import type { Module } from '../../shared/subroles.js';
import type { NotHome } from '../../shared/contracts/nothome.js';
import type { AlarmAcknowledged, SecurityAlert } from '../../shared/contracts/security.js';

/** The room a desk announcement goes to (the realtime module supplies it; only `emit` is used). */
export type SocketRoom = Pick<BroadcastOperator<ServerToClientEvents, unknown>, 'emit'>;

/**
 * A desk request was stored or changed stage. The desk's definition typed its DTO and its socket
 * events, so the event carries `publish`, which sends the item under the desk's own event name:
 * the realtime module only picks the room (`module` of `societyId`), and needs no per-desk table.
 */
export interface DeskAnnouncement {
  kind: 'created' | 'updated';
  desk: string;
  module: Module;
  societyId: number;
  id: number;
  publish(to: SocketRoom): void;
}

export interface DomainEvents {
  /** A resident's request was stored (new stage), or a request changed stage. */
  'desk.changed': [DeskAnnouncement];
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
  /** The society's logo changed (issue 10): `logoUrl` is its display URL (null: none). */
  'society.logo': [{ societyId: number; logoUrl: string | null }];
}

export class EventBus extends EventEmitter<DomainEvents> {}
