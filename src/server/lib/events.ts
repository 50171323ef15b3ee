/**
 * Typed in-process domain events (STYLE: immich). Services emit after their transaction commits;
 * the realtime module turns them into Socket.IO events for the right rooms.
 */
import { EventEmitter } from 'node:events';
import type { Complaint } from '../../shared/contracts/complaints.js';

/** The DTO each desk publishes; a new desk adds its line here. */
export interface DeskItems {
  complaint: Complaint;
}

/** `{desk, societyId, item}` with `item` typed by `desk`. */
export type DeskEvent = { [K in keyof DeskItems]: { desk: K; societyId: number; item: DeskItems[K] } }[keyof DeskItems];

export interface DomainEvents {
  /** A resident's request was stored (new stage). */
  'desk.created': [DeskEvent];
  /** A request changed stage. */
  'desk.updated': [DeskEvent];
}

export class EventBus extends EventEmitter<DomainEvents> {}
