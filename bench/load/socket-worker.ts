/**
 * A worker process of bench/load.ts: keeps N security staff sockets connected through nginx
 * (WebSocket transport, session cookies, no reconnection) and counts the alarm events they
 * receive — per alarm id the number of 'receive-security' deliveries and the first and last
 * receipt time — so the bench can tell whether every screen got every alarm, and how late.
 */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/events.js';
import { epochMs, type AlarmDelivery, type SocketSpec, type SocketWorkerIn, type SocketWorkerOut } from './protocol.js';

type DeskSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const sockets: DeskSocket[] = [];
const bySociety: number[] = [];
const deliveries = new Map<number, AlarmDelivery>();
let received = 0;
const counts = { pressed: 0, acknowledged: 0, escalated: 0, disconnects: 0 };
let finishing = false;

function connectOne(spec: SocketSpec, k: number): Promise<DeskSocket> {
  const society = k % spec.cookies.length;
  const socket: DeskSocket = io(spec.base, {
    transports: ['websocket'],
    extraHeaders: { cookie: spec.cookies[society]! },
    reconnection: false,
    forceNew: true,
    ...(spec.spreadAddresses && { localAddress: `127.0.0.${2 + (k % 250)}` }),
  });
  socket.on('receive-security', (a) => {
    const at = epochMs();
    received++;
    const d = deliveries.get(a._id);
    if (d) {
      d[1]++;
      d[3] = at;
    } else deliveries.set(a._id, [a._id, 1, at, at]);
  });
  socket.on('security-pressed', () => counts.pressed++);
  socket.on('security-acknowledged', () => counts.acknowledged++);
  socket.on('security-escalated', () => counts.escalated++);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      bySociety[society] = (bySociety[society] ?? 0) + 1;
      socket.on('disconnect', () => !finishing && counts.disconnects++);
      resolve(socket);
    });
    socket.once('connect_error', (err) => (socket.close(), reject(new Error(`socket ${k}: ${err.message}`))));
  });
}

const reply = (m: SocketWorkerOut) => process.send!(m);

process.on('message', (m: SocketWorkerIn) => {
  if (m.kind === 'connect') {
    const t0 = performance.now();
    void Promise.allSettled(Array.from({ length: m.spec.count }, (_, k) => connectOne(m.spec, k))).then((all) => {
      const failed: string[] = [];
      for (const r of all) {
        if (r.status === 'fulfilled') sockets.push(r.value);
        else failed.push(r.reason instanceof Error ? r.reason.message : String(r.reason));
      }
      reply({ kind: 'connected', connected: sockets.length, bySociety, failed, ms: performance.now() - t0 });
    });
  } else if (m.kind === 'reset') {
    deliveries.clear();
    received = 0;
    counts.pressed = counts.acknowledged = counts.escalated = 0;
    reply({ kind: 'reset' });
  } else if (m.kind === 'finish') {
    // Bounded wait on a condition: every expected delivery arrived, or maxWaitMs passed.
    const until = performance.now() + m.maxWaitMs;
    const check = () => {
      if ((received < m.expected || counts.acknowledged < m.expectedAcks) && performance.now() < until) return void setTimeout(check, 20);
      finishing = true;
      for (const s of sockets) s.close();
      const result = {
        connected: sockets.length,
        bySociety,
        deliveries: [...deliveries.values()],
        ...counts,
        complete: received >= m.expected && counts.acknowledged >= m.expectedAcks,
      };
      reply({ kind: 'done', result });
    };
    check();
  }
});
reply({ kind: 'ready' });
