/**
 * Socket.IO on the HTTP server's port. A socket authenticates with the staff session cookie and
 * the server — never the client — puts it in rooms: `society:<id>` and `society:<id>:<module>` for
 * each module its sub-role may use. Domain events become client events for exactly those rooms.
 */
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { SUB_ROLE_TABLE, isSubRole, type Module } from '../../shared/subroles.js';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/events.js';
import type { DeskEvent, EventBus } from '../lib/events.js';
import { SESSION_COOKIE } from '../plugins/auth.js';
import type { AuthService } from '../modules/auth/service.js';
import type { StaffContext } from '../modules/auth/repo.js';

export type Io = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { staff: StaffContext }>;

export const societyRoom = (societyId: number) => `society:${societyId}`;
export const moduleRoom = (societyId: number, module: Module) => `society:${societyId}:${module}`;

/** Which module's room hears a desk, and the client event names for created/updated. */
const DESK_ROUTING = {
  complaint: { module: 'complaints', created: 'receive-complain', updated: 'complain-updated' },
} as const satisfies Record<DeskEvent['desk'], { module: Module; created: keyof ServerToClientEvents; updated: keyof ServerToClientEvents }>;

export function attachSocket(app: FastifyInstance, auth: AuthService, bus: EventBus): Io {
  const io: Io = new Server(app.server, { serveClient: false, cors: { origin: false } });

  io.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
      const staff = await auth.authenticate(cookies[SESSION_COOKIE]);
      if (!staff) return next(new Error('unauthorized'));
      socket.data.staff = staff;
      next();
    } catch (err) {
      app.log.warn({ err }, 'socket auth failed');
      next(new Error('unauthorized'));
    }
  });

  io.on('connection', (socket) => {
    const { staff } = socket.data;
    const modules = isSubRole(staff.subRole) ? SUB_ROLE_TABLE[staff.subRole].modules : [];
    void socket.join([societyRoom(staff.societyId), ...modules.map((m) => moduleRoom(staff.societyId, m))]);
  });

  bus.on('desk.created', (e) => {
    const r = DESK_ROUTING[e.desk];
    io.to(moduleRoom(e.societyId, r.module)).emit(r.created, e.item);
  });
  bus.on('desk.updated', (e) => {
    const r = DESK_ROUTING[e.desk];
    io.to(moduleRoom(e.societyId, r.module)).emit(r.updated, e.item);
  });

  app.addHook('onClose', async () => {
    await io.close();
  });
  return io;
}
