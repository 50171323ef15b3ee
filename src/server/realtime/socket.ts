/**
 * Socket.IO on the HTTP server's port. A socket authenticates with the staff session cookie and
 * the server — never the client — puts it in rooms: `society:<id>`, `society:<id>:<module>` for
 * each module its sub-role may use, and `society:<id>:sub:<subRole>` (rooms.ts). Each module's
 * listener (its index.ts) turns its domain events into client events for those rooms, through `to`.
 *
 * A socket lives no longer than its session: it also joins `staff:<id>` and
 * `session:<tokenHash>`, which logout ('staff.session-ended') and account changes
 * ('staff.account-changed') disconnect, and a timer disconnects it when the session expires.
 *
 * A resident app's socket sends the resident bearer token as `auth: {token}` instead of
 * a cookie. It joins only `resident:<id>` and `resident-session:<tokenHash>`: the modules' resident
 * listeners send that resident's own `resident-…` events there (contracts/resident-events.ts), and
 * sign-out ('resident.session-ended'), a block ('resident.account-changed') and the token's expiry
 * end it as they end a staff socket. A handshake with a token never falls back to the cookie.
 * A handshake whose `Origin` is neither the app's own nor in ALLOWED_ORIGINS is refused
 * (`originAllowed`, lib/request-origin.ts: the same check as the staff routes' writes).
 *
 * Many instances (ADR 0005): the adapter (adapter.ts) carries every `io.to(…)` emit,
 * presence question and session end to the other instances. Writing to local sockets only
 * (`io.local`) is for what each instance does itself on every instance's behalf (a session end,
 * told to all by 'room-ended') and for shutting this instance's own sockets down.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { SUB_ROLE_TABLE, isSubRole } from '../../shared/subroles.js';
import { originAllowed } from '../lib/request-origin.js';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/events.js';
import type { EventBus, SocketRoom } from '../lib/events.js';
import { SESSION_COOKIE } from '../plugins/auth.js';
import type { Clock } from '../lib/clock.js';
import type { AuthService, StaffSession } from '../modules/auth/service.js';
import type { ResidentSocketSession } from '../modules/resident-auth/service.js';
import type { RealtimeAdapter } from './adapter.js';
import { alarmRooms, moduleRoom, residentRoom, residentSessionRoom, sessionRoom, societyRoom, staffRoom, subRoleRoom } from './rooms.js';

/**
 * Per socket: its session — a staff one (`kind` 'staff', the cookie's) or a resident one (`kind`
 * 'resident', the bearer token's) — and when its handshake started reading it (performance.now() ms).
 */
export type SocketData = ((StaffSession & { kind: 'staff' }) | (ResidentSocketSession & { kind: 'resident' })) & { authAt: number };
/**
 * Between instances (over the adapter): 'security-presence' asks every other instance which
 * security staff of a society it has connected; each replies with their ids (one per socket).
 */
interface InterServerEvents {
  'security-presence': (societyId: number, reply: (staffIds: number[]) => void) => void;
  /** A session or account ended on another instance: `room` is its session:/staff: room. */
  'room-ended': (room: string) => void;
  /** A held session was released on another instance: its sockets reconnect with every room. */
  'session-reopened': (tokenHash: string) => void;
  /** An account's sub-role changed on another instance: its cached sessions are re-read and its sockets reconnect to the new rooms. */
  'account-reopened': (staffId: number) => void;
}
export type Io = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

const PRESENCE_DEBOUNCE_MS = 250;
/** setTimeout's longest delay (~24.8 days); a longer session re-arms its expiry timer. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How long an ended session or account is remembered for handshakes that were mid-way. */
const ENDED_MEMORY_MS = 60_000;

/** What {@link oneWritePerSocket} relies on: socket.io-adapter 2.5's private per-broadcast encoder. */
interface FrameEncoder {
  _encode?: (packet: unknown, packetOpts: { wsPreEncodedFrame?: Buffer[] }) => unknown[];
}

/**
 * Fan-out cost per socket (alarm latency). socket.io-adapter encodes a broadcast once
 * and builds its WebSocket frame once (`wsPreEncodedFrame`), but as two buffers, header and
 * payload; for each socket, ws's `sendFrame` then corks, writes both and uncorks (Node's buffered
 * writev path). Joining the two once per broadcast lets each socket make one plain write.
 * Wraps the adapter's private `_encode`; when a socket.io-adapter version lacks it, nothing changes.
 */
export function oneWritePerSocket(adapter: object): void {
  const target = adapter as FrameEncoder;
  const encode = target._encode?.bind(adapter);
  if (!encode) return;
  target._encode = (packet, packetOpts) => {
    const encoded = encode(packet, packetOpts);
    const frame = packetOpts.wsPreEncodedFrame;
    if (frame && frame.length > 1) packetOpts.wsPreEncodedFrame = [Buffer.concat(frame)];
    return encoded;
  };
}

/**
 * What the socket needs of resident-auth: the handshake's token check, and the cache to drop a
 * resident session or account that another instance ended.
 */
export interface ResidentSocketAuth {
  socketSession(token: unknown): Promise<ResidentSocketSession | undefined>;
  forgetSession(tokenHash: string): void;
  forgetResident(residentId: number): void;
}

export interface SocketDeps {
  auth: AuthService;
  /** Resident sockets' handshakes; its cache is told when another instance ends a resident session or account. */
  residentAuth?: ResidentSocketAuth;
  bus: EventBus;
  /** Session expiry is measured against this clock. */
  clock: Clock;
  /** ALLOWED_ORIGINS: extra origins allowed besides the app's own. */
  allowedOrigins: readonly string[];
  /** How events cross instances (adapter.ts); default: in-memory, this instance only. Closed with the app. */
  adapter?: RealtimeAdapter;
}

export interface Realtime {
  io: Io;
  /** Distinct security staff (button-one) of a society connected now, to any instance. */
  securityPresence(societyId: number): Promise<number>;
  /**
   * The sockets of `rooms` on every instance (through the adapter): what each module's listener
   * sends its client events to (`to(moduleRoom(societyId, 'complaints')).emit('receive-complain', item)`).
   */
  to(rooms: string | string[]): SocketRoom;
}

/** Attaches Socket.IO to the app's HTTP server; closes with the app. */
export function attachSocket(app: FastifyInstance, { auth, residentAuth, bus, clock, allowedOrigins, adapter }: SocketDeps): Realtime {
  const io: Io = new Server(app.server, { serveClient: false, cors: { origin: false }, adapter: adapter?.adapter });
  oneWritePerSocket(io.of('/').adapter);
  const allowed = new Set(allowedOrigins);

  io.use((socket, next) => {
    const { origin, host } = socket.handshake.headers;
    if (originAllowed(origin, host, allowed)) return next();
    app.log.warn({ origin, host }, 'socket refused: foreign origin');
    next(new Error('origin not allowed'));
  });
  io.use(async (socket, next) => {
    try {
      const authAt = performance.now();
      // The resident app: the bearer token in the handshake's `auth` (never a cookie with it).
      const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
      if (token !== undefined) {
        const resident = await residentAuth?.socketSession(token);
        if (!resident) return next(new Error('unauthorized'));
        Object.assign(socket.data, resident, { kind: 'resident', authAt });
        return next();
      }
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
      // From the database, not the session cache: nothing checks the socket's session again.
      const session = await auth.session(cookies[SESSION_COOKIE]);
      if (!session) return next(new Error('unauthorized'));
      Object.assign(socket.data, session, { kind: 'staff', authAt });
      next();
    } catch (err) {
      app.log.warn({ err }, 'socket auth failed');
      next(new Error('unauthorized'));
    }
  });

  /** Staff ids of this instance's sockets in the society's security room (one per socket). */
  async function localSecurityStaff(societyId: number): Promise<number[]> {
    const sockets = await io.local.in(moduleRoom(societyId, 'security')).fetchSockets();
    return sockets.flatMap((s) => (s.data.kind === 'staff' ? [s.data.staff.id] : []));
  }
  io.on('security-presence', (societyId, reply) => void localSecurityStaff(societyId).then(reply));
  /**
   * Asks the other instances for their ids rather than `io.fetchSockets()`, which would ship every
   * remote socket's handshake (headers, cookie) and data through the adapter to count staff ids.
   * An instance that does not answer within the adapter's timeout (it died; the cluster forgets it
   * after its heartbeat times out) is left out: the count is then low, never stale-high.
   */
  async function securityPresence(societyId: number): Promise<number> {
    const [local, remote] = await Promise.all([
      localSecurityStaff(societyId),
      adapter?.clustered
        ? io.serverSideEmitWithAck('security-presence', societyId).catch((err: { responses?: number[][] }) => err.responses ?? [])
        : Promise.resolve([]),
    ]);
    return new Set([...local, ...remote.flat()]).size;
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

  // Sessions and accounts ended lately (room → performance.now()): a handshake that read its
  // session just before the end but joins its rooms after it would otherwise miss the event.
  // Every instance keeps this memory: the end is told to the others ('room-ended'), each of which
  // remembers it and disconnects its own sockets of that room.
  const ended = new Map<string, number>();
  function endHere(room: string): void {
    const t = performance.now();
    for (const [k, at] of ended) if (at < t - ENDED_MEMORY_MS) ended.delete(k);
    ended.set(room, t);
    io.local.in(room).disconnectSockets(true);
  }
  function end(room: string): void {
    endHere(room);
    if (adapter?.clustered) io.serverSideEmit('room-ended', room);
  }
  // Another instance ended a session or an account: its cached sessions go here too (a request
  // on one is refused anyway, by the database's check in its first query, but would pay a fresh
  // read to learn why), and its sockets here close. By room prefix (rooms.ts).
  const forgetters: [prefix: string, forget: (key: string) => void][] = [
    ['session:', (hash) => auth.forgetSession(hash)],
    ['staff:', (id) => auth.forgetAccount(Number(id))],
    ['resident-session:', (hash) => residentAuth?.forgetSession(hash)],
    ['resident:', (id) => residentAuth?.forgetResident(Number(id))],
  ];
  io.on('room-ended', (room) => {
    const match = forgetters.find(([prefix]) => room.startsWith(prefix));
    match?.[1](room.slice(match[0].length));
    endHere(room);
  });
  bus.on('staff.session-ended', (e) => end(sessionRoom(e.tokenHash)));
  bus.on('staff.account-changed', (e) => end(staffRoom(e.staffId)));
  // Not `end`: the session goes on, and its next handshake must be let in (with all its rooms).
  bus.on('staff.session-released', (e) => {
    io.local.in(sessionRoom(e.tokenHash)).disconnectSockets(true);
    if (adapter?.clustered) io.serverSideEmit('session-reopened', e.tokenHash);
  });
  io.on('session-reopened', (tokenHash) => {
    auth.forgetSession(tokenHash);
    io.local.in(sessionRoom(tokenHash)).disconnectSockets(true);
  });
  // A new sub-role: the same, for every session of the account.
  bus.on('staff.access-changed', (e) => {
    io.local.in(staffRoom(e.staffId)).disconnectSockets(true);
    if (adapter?.clustered) io.serverSideEmit('account-reopened', e.staffId);
  });
  io.on('account-reopened', (staffId) => {
    auth.forgetAccount(staffId);
    io.local.in(staffRoom(staffId)).disconnectSockets(true);
  });
  bus.on('resident.session-ended', (e) => end(residentSessionRoom(e.tokenHash)));
  bus.on('resident.account-changed', (e) => end(residentRoom(e.residentId)));

  /** Disconnects the socket when its session expires (clock-derived delay, re-armed past ~24.8 days). */
  function expireWithSession(socket: IoSocket): void {
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      const remaining = socket.data.expiresAt.getTime() - clock.now().getTime();
      if (remaining <= 0) return void socket.disconnect(true);
      timer = setTimeout(remaining > MAX_TIMER_MS ? arm : () => socket.disconnect(true), Math.min(remaining, MAX_TIMER_MS));
      timer.unref();
    };
    arm();
    socket.on('disconnect', () => clearTimeout(timer));
  }

  /** True when one of `rooms` ended after the handshake read its session (authAt): the socket must not stay. */
  const endedSince = (rooms: string[], authAt: number) => rooms.some((r) => (ended.get(r) ?? -Infinity) >= authAt);

  io.on('connection', (socket) => {
    const data = socket.data;
    if (data.kind === 'resident') {
      // The resident's own rooms only: their events, their sign-out, their account's changes.
      const rooms = [residentSessionRoom(data.tokenHash), residentRoom(data.resident.id)];
      if (endedSince(rooms, data.authAt)) return void socket.disconnect(true);
      void socket.join(rooms);
      expireWithSession(socket);
      return;
    }
    const { staff, tokenHash, authAt } = data;
    const rooms = [sessionRoom(tokenHash), staffRoom(staff.id)];
    if (endedSince(rooms, authAt)) return void socket.disconnect(true);
    // A held session (a temporary password, a two-factor requirement) opens no data: the socket
    // only waits in its session's rooms for the release ('staff.session-released'), which ends
    // it; the reconnect gets every room.
    if (staff.mustChangePassword || staff.mustEnrolTwoFactor) {
      void socket.join(rooms);
      expireWithSession(socket);
      return;
    }
    const modules = isSubRole(staff.subRole) ? SUB_ROLE_TABLE[staff.subRole].modules : [];
    void socket.join([
      ...rooms,
      societyRoom(staff.societyId),
      subRoleRoom(staff.societyId, staff.subRole),
      ...modules.map((m) => moduleRoom(staff.societyId, m)),
    ]);
    expireWithSession(socket);
    if (modules.includes('security')) {
      announcePresence(staff.societyId);
      socket.on('disconnect', () => announcePresence(staff.societyId));
    }
  });

  // From the start of closing, client events are dropped: work still finishing (an overdue item's
  // queued re-announcement, say) must not publish through an adapter that is about to close, whose
  // client then rejects with nobody to catch it.
  let closing = false;
  const nowhere: SocketRoom = { emit: () => true };
  // Open websockets would otherwise hold app.close() until they time out (~60 s).
  app.addHook('preClose', async () => {
    closing = true;
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    for (const t of presenceTimers.values()) clearTimeout(t);
    await io.close();
    await adapter?.close();
  });
  return { io, securityPresence, to: (rooms) => (closing ? nowhere : io.to(rooms)) };
}
