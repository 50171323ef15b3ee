/**
 * Socket.IO event names and payloads (server → staff browsers). The socket authenticates with the
 * session cookie and the server puts it in rooms by society and module; a client never chooses.
 */
import type { Complaint } from './contracts/complaints.js';

export const SOCKET_EVENTS = {
  /** A resident filed a complaint (spec section 7); payload: the stored Complaint. */
  receiveComplain: 'receive-complain',
  /** A complaint changed stage (another staff member acted); payload: the updated Complaint. */
  complainUpdated: 'complain-updated',
} as const;

export interface ServerToClientEvents {
  'receive-complain': (complaint: Complaint) => void;
  'complain-updated': (complaint: Complaint) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ClientToServerEvents {}
