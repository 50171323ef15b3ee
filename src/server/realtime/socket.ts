/**
 * Socket.IO on the HTTP server's port. A socket authenticates with the staff session cookie and
 * the server — never the client — puts it in rooms: `society:<id>`, `society:<id>:<module>` for
 * each module its sub-role may use, and `society:<id>:sub:<subRole>`. Domain events become client
 * events for exactly those rooms.
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
export const subRoleRoom = (societyId: number, subRole: string) => `society:${societyId}:sub:${subRole}`;
/** Alarm rooms: button-one (security module) and super-admin (escalations, acknowledgements). */
const alarmRooms = (societyId: number) => [moduleRoom(societyId, 'security'), subRoleRoom(societyId, 'super-admin')];

/** Which module's room hears a desk, and the client event names for created/updated. */
const DESK_ROUTING = {
  complaint: { module: 'complaints', created: 'receive-complain', updated: 'complain-updated' },
  security: { module: 'security', created: 'receive-security', updated: 'security-updated' },
} as const satisfies Record<DeskEvent['desk'], { module: Module; created: keyof ServerToClientEvents; updated: keyof ServerToClientEvents }>;

const PRESENCE_DEBOUNCE_MS = 250;

export interface Realtime {
  io: Io;
  /** Distinct security staff (button-one) of a society connected now. */
  securityPresence(societyId: number): Promise<number>;
}

export function attachSocket(app: FastifyInstance, auth: AuthService, bus: EventBus): Realtime {
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

  async function securityPresence(societyId: number): Promise<number> {
    const sockets = await io.in(moduleRoom(societyId, 'security')).fetchSockets();
    return new Set(sockets.map((s) => s.data.staff.id)).size;
  }
  // Coalesced per society: 1,000 screens connecting at once send a few counts, not a million.
  const presenceTimers = new Map<number, NodeJS.Timeout>();
  function announcePresence(societyId: number): void {
    if (presenceTimers.has(societyId)) return;
    const t = setTimeout(() => {
      presenceTimers.delete(societyId);
      void securityPresence(societyId).then((connected) => io.to(alarmRooms(societyId)).emit('security-presence', { connected }));
    }, PRESENCE_DEBOUNCE_MS);
    t.unref();
    presenceTimers.set(societyId, t);
  }

  io.on('connection', (socket) => {
    const { staff } = socket.data;
    const modules = isSubRole(staff.subRole) ? SUB_ROLE_TABLE[staff.subRole].modules : [];
    void socket.join([societyRoom(staff.societyId), subRoleRoom(staff.societyId, staff.subRole), ...modules.map((m) => moduleRoom(staff.societyId, m))]);
    if (modules.includes('security')) {
      announcePresence(staff.societyId);
      socket.on('disconnect', () => announcePresence(staff.societyId));
    }
  });

  bus.on('desk.created', (e) => {
    const r = DESK_ROUTING[e.desk];
    io.to(moduleRoom(e.societyId, r.module)).emit(r.created, e.item as never);
  });
  bus.on('desk.updated', (e) => {
    const r = DESK_ROUTING[e.desk];
    io.to(moduleRoom(e.societyId, r.module)).emit(r.updated, e.item as never);
  });
  bus.on('alarm.acknowledged', (e) => io.to(alarmRooms(e.societyId)).emit('security-acknowledged', e.ack));
  bus.on('alarm.escalated', (e) => io.to(alarmRooms(e.societyId)).emit('security-escalated', e.item));
  bus.on('nothome.created', (e) => io.to(moduleRoom(e.societyId, 'notHome')).emit('receive-not-at-home', e.item));
  bus.on('nothome.updated', (e) => io.to(moduleRoom(e.societyId, 'notHome')).emit('not-at-home-updated', e.item));

  // Open websockets would otherwise hold app.close() until they time out (~60 s).
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    for (const t of presenceTimers.values()) clearTimeout(t);
    await io.close();
  });
  return { io, securityPresence };
}
