/**
 * One worker process of bench/alarm-latency.ts (forked, talks over IPC: ./protocol.ts). It holds a
 * share of the button-one staff screens (Socket.IO clients, websocket transport, the session
 * cookie) and reports when each alarm's press event reached them: one message per alarm, sent as
 * soon as every screen of this worker has it, so the presser's IPC traffic does not grow with the
 * number of screens. It also reports when every screen heard the alarm's acknowledgement, so the
 * presser can wait for that fan-out to end before the next press.
 *
 * Not meant to be run by hand: `node --import tsx bench/alarm-latency/clients.ts` as a fork.
 */
import { io, type Socket } from 'socket.io-client';
// ws is what socket.io-client's engine.io-client runs on in Node (installed with it).
import WebSocket from 'ws';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/events.js';
import { clockMs, type ClientKind, type FromWorker, type ToWorker } from './protocol.js';

/** What the worker needs of a screen: closing it. */
type Screen = { close(): void };
type IoScreen = Socket<ServerToClientEvents, ClientToServerEvents>;
/** Handshakes in flight at once per worker (1,000 at once only measures the server's queue). */
const CONNECT_CONCURRENCY = 100;
const CONNECT_TIMEOUT_MS = 20_000;

const send = (m: FromWorker) => process.send!(m);
let screens: { socket: Screen; target: number }[] = [];
let targets = 0;
let cpuAtReady = process.cpuUsage();
/** Alarm id → receipt times by target; and how many screens have it. */
const arrivals = new Map<number, { times: number[][]; count: number }>();
const acks = new Map<number, number>();

function onPress(target: number, id: number, at = clockMs()): void {
  let a = arrivals.get(id);
  if (!a) arrivals.set(id, (a = { times: Array.from({ length: targets }, () => []), count: 0 }));
  a.times[target]!.push(at);
  if (++a.count === screens.length) {
    arrivals.delete(id);
    send({ type: 'alarm', id, times: a.times, partial: false });
  }
}

function onAck(id: number): void {
  const n = (acks.get(id) ?? 0) + 1;
  if (n < screens.length) return void acks.set(id, n);
  acks.delete(id);
  send({ type: 'acked', id });
}

/** A socket.io-client screen: receipt time taken in the event handler (after decoding). */
function openIo(url: string, target: number, cookie: string): Promise<Screen> {
  const socket: IoScreen = io(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true, timeout: CONNECT_TIMEOUT_MS });
  socket.on('receive-security', (a) => onPress(target, a._id));
  socket.on('security-pressed', (a) => onPress(target, a._id));
  socket.on('security-acknowledged', (a) => onAck(a._id));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => (socket.close(), reject(err)));
  });
}

/** The alarm id of a `42["event",{"_id":…` frame: the payload's first `_id` (SecurityAlert and AlarmAcknowledged start with it). */
const idOf = (frame: string) => Number(/"_id":(\d+)/.exec(frame)?.[1]);

/** A bare-WebSocket screen (Engine.IO 4 / Socket.IO 5 text frames): receipt time taken on the frame. */
function openRaw(url: string, target: number, cookie: string): Promise<Screen> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { headers: { cookie }, perMessageDeflate: false });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (ws.terminate(), reject(new Error('raw screen: connect timeout'))), CONNECT_TIMEOUT_MS);
    const failed = (why: string) => (clearTimeout(timer), ws.terminate(), reject(new Error(`raw screen: ${why}`)));
    ws.on('error', (err) => failed(err.message));
    ws.on('message', (data: Buffer) => {
      const at = clockMs();
      const frame = data.toString();
      if (frame.startsWith('42["receive-security",') || frame.startsWith('42["security-pressed",')) onPress(target, idOf(frame), at);
      else if (frame.startsWith('42["security-acknowledged",')) onAck(idOf(frame));
      else if (frame === '2')
        ws.send('3'); // Engine.IO ping → pong
      else if (frame.startsWith('0{'))
        ws.send('40'); // Engine.IO open → Socket.IO connect to "/" (runs the server's auth middleware)
      else if (frame.startsWith('40')) {
        clearTimeout(timer);
        resolve({ close: () => ws.close() });
      } else if (frame.startsWith('44')) failed(`connect refused: ${frame.slice(2)}`);
    });
  });
}

const open = (kind: ClientKind) => (kind === 'raw' ? openRaw : openIo);

async function connect(urls: string[], counts: number[], cookie: string, kind: ClientKind): Promise<void> {
  targets = urls.length;
  const plan = urls.flatMap((url, t) => Array.from({ length: counts[t]! }, () => ({ url, t })));
  const errors: string[] = [];
  const opened: { socket: Screen; target: number }[] = [];
  for (let i = 0; i < plan.length; i += CONNECT_CONCURRENCY) {
    const batch = plan.slice(i, i + CONNECT_CONCURRENCY);
    const results = await Promise.allSettled(batch.map((p) => open(kind)(p.url, p.t, cookie).then((socket) => ({ socket, target: p.t }))));
    for (const r of results) {
      if (r.status === 'fulfilled') opened.push(r.value);
      else if (errors.length < 5) errors.push(String((r.reason as Error).message));
    }
  }
  // Counted only once all are open: a press cannot be 'complete' against a half-built list.
  screens = opened;
  cpuAtReady = process.cpuUsage();
  send({ type: 'ready', connected: opened.length, failed: plan.length - opened.length, errors });
}

function closeAll(): void {
  for (const s of screens) s.socket.close();
  screens = [];
  arrivals.clear();
  acks.clear();
}

process.on('message', (m: ToWorker) => {
  switch (m.type) {
    case 'connect':
      void connect(m.urls, m.counts, m.cookie, m.client);
      break;
    case 'collect': {
      const a = arrivals.get(m.id);
      arrivals.delete(m.id);
      send({ type: 'alarm', id: m.id, times: a?.times ?? Array.from({ length: targets }, () => []), partial: true });
      break;
    }
    case 'clock':
      send({ type: 'clock-reply', at: clockMs() });
      break;
    case 'disconnect':
      {
        const used = process.cpuUsage(cpuAtReady);
        closeAll();
        send({ type: 'closed', cpuMs: (used.user + used.system) / 1000 });
      }
      break;
    case 'exit':
      closeAll();
      process.disconnect();
      break;
  }
});
// The presser died: do not linger.
process.on('disconnect', () => {
  closeAll();
  process.exit(0);
});
