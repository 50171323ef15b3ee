/**
 * Socket.IO event names and payloads (server → staff browsers, and → the resident app). A staff
 * socket authenticates with the session cookie and the server puts it in rooms by society, module
 * and sub-role; a resident socket authenticates with the bearer token (`auth: {token}`) and joins
 * the resident's own room only, hearing the `resident-…` events (contracts/resident-events.ts).
 * A client never chooses its rooms.
 */
import type { Complaint } from './contracts/complaints.js';
import type { Consultation, DoctorRequest } from './contracts/doctor.js';
import type { GroceryRequest, Order } from './contracts/grocery.js';
import type { OverdueRaised } from './contracts/deadlines.js';
import type { NotHome } from './contracts/not-home.js';
import type { AlarmAcknowledged, SecurityAlert } from './contracts/security.js';
import type { ResidentServerToClientEvents } from './contracts/resident-events.js';

export interface ServerToClientEvents extends ResidentServerToClientEvents {
  /** A resident filed a complaint (spec section 7); to staff who may use complaints. */
  'receive-complain': (complaint: Complaint) => void;
  /** A complaint changed stage. */
  'complain-updated': (complaint: Complaint) => void;
  /** A resident pressed SOS (spec section 7); to button-one staff of the society. */
  'receive-security': (alert: SecurityAlert) => void;
  /** An alarm changed stage. */
  'security-updated': (alert: SecurityAlert) => void;
  /** Someone acknowledged an alarm: stop ringing; to button-one and super-admin staff. */
  'security-acknowledged': (ack: AlarmAcknowledged) => void;
  /** An alarm was unacknowledged for ESCALATE_AFTER_S: raised again, to button-one and super-admin. */
  'security-escalated': (alert: SecurityAlert) => void;
  /** The resident pressed SOS again while the alarm was unacknowledged: same alarm, new pressCount / lastPressedTime. */
  'security-pressed': (alert: SecurityAlert) => void;
  /** How many security staff of the society are connected now. */
  'security-presence': (p: { connected: number }) => void;
  /** A resident filed a not-at-home request (spec section 7); to button-one staff. */
  'receive-not-at-home': (request: NotHome) => void;
  /** A not-at-home request changed (guard assigned, cancelled, arrived). */
  'not-at-home-updated': (request: NotHome) => void;
  /** A resident asked for groceries (spec section 7); to staff who may use grocery. */
  'receive-grocery': (request: GroceryRequest) => void;
  /** A grocery request changed stage (an order was placed: edit true, or delivered). */
  'grocery-updated': (request: GroceryRequest) => void;
  /** An order was placed, updated or delivered. */
  'order-updated': (order: Order) => void;
  /** A resident asked for a doctor (spec section 7); to staff who may use doctor. */
  'receive-doctor': (request: DoctorRequest) => void;
  /** A doctor request changed stage (link generated: edit true, or prescription written). */
  'doctor-updated': (request: DoctorRequest) => void;
  /** A consultation was created, its doctor-ready push sent, or its prescription written (no prescription content). */
  'consultation-updated': (consultation: Consultation) => void;
  /** An item went past its stage's deadline (escalated once); to the desk's staff and super-admin. */
  'overdue-raised': (overdue: OverdueRaised) => void;
  /** The society's logo changed: every staff screen of the society shows `logoUrl` (null: none) in its header. */
  'society:logo': (logo: { logoUrl: string | null }) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ClientToServerEvents {}
