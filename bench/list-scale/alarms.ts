/**
 * SOS press-to-event latency for bench/list-scale.ts (no query, however slow, may delay
 * an alarm). One button-one staff socket listens; residents press SOS one at a time; each alarm
 * is acknowledged before the next press, and presses rotate over several residents, so every
 * press raises a fresh alarm (the server merges a resident's repeated presses into their open
 * alarm and rate-limits them per resident). The event awaited is 'receive-security', or
 * 'security-pressed' if a press merged into an alarm that was already open (event names are
 * checked against src/shared/events.ts by the type checker).
 */
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/events.js';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { pct } from './load.js';

export interface AlarmResult {
  presses: number;
  /** Events received in time; p50/p99/max in ms from sending the press to the socket's event. */
  received: number;
  p50: number;
  p99: number;
  max: number;
  /** Presses refused (429 rate limit) and events not received within 10 s. */
  refused: number;
  lost: number;
}

type DeskSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A connected button-one socket that records when each alarm's event arrived. */
export interface AlarmDesk {
  /** Resolves with the receipt time (performance.now()) of alarm `id`'s event, or undefined after `ms`. */
  eventOf(id: number, ms: number): Promise<number | undefined>;
  close(): void;
}

/** Connects one staff socket (websocket transport, the session cookie). @throws on connect_error. */
export async function connectDesk(base: string, cookie: string): Promise<AlarmDesk> {
  const socket: DeskSocket = io(base, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
  const arrived = new Map<number, number>();
  const waiting = new Map<number, (t: number) => void>();
  const onAlert = (a: SecurityAlert) => {
    const now = performance.now();
    const w = waiting.get(a._id);
    if (w) w(now);
    else arrived.set(a._id, now);
  };
  socket.on('receive-security', onAlert);
  socket.on('security-pressed', onAlert);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(new Error(`staff socket: ${err.message}`)));
  });
  return {
    eventOf: (id, ms) => {
      const seen = arrived.get(id);
      arrived.delete(id);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve) => {
        const timer = setTimeout(() => (waiting.delete(id), resolve(undefined)), ms);
        waiting.set(id, (t) => (clearTimeout(timer), waiting.delete(id), resolve(t)));
      });
    },
    close: () => socket.close(),
  };
}

/** Signs in up to `count` residents 03000000001… (skipping blocked ones); their bearer values. */
export async function residentTokens(base: string, password: string, count: number): Promise<string[]> {
  const out: string[] = [];
  // The resident sign-in route allows 20 attempts a minute per address.
  for (let i = 1; i <= 20 && out.length < count; i++) {
    const phone = `0300${String(i).padStart(7, '0')}`;
    const res = await fetch(`${base}/api/resident/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, password }),
    });
    if (res.status === 200) out.push(`Bearer ${((await res.json()) as { token: string }).token}`);
    else if (res.status !== 403) throw new Error(`resident ${phone} sign-in: HTTP ${res.status}`);
  }
  if (out.length === 0) throw new Error('no resident could sign in');
  return out;
}

/** Presses SOS `n` times (rotating over `residents`), waits for each event and acknowledges it. */
export async function raiseAlarms(base: string, desk: AlarmDesk, residents: readonly string[], staffCookie: string, n: number): Promise<AlarmResult> {
  const latencies: number[] = [];
  let refused = 0;
  let lost = 0;
  for (let i = 0; i < n; i++) {
    const pressed = performance.now();
    const res = await fetch(`${base}/api/security`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: residents[i % residents.length]! },
      body: '{}',
    });
    if (res.status === 429) {
      refused++;
      continue;
    }
    if (res.status !== 201) throw new Error(`SOS press ${i}: HTTP ${res.status} ${await res.text()}`);
    const { _id } = (await res.json()) as { _id: number };
    const at = await desk.eventOf(_id, 10_000);
    if (at === undefined) lost++;
    else latencies.push(at - pressed);
    const ack = await fetch(`${base}/api/security/${_id}/acknowledge`, { method: 'POST', headers: { cookie: staffCookie } });
    if (ack.status !== 200) throw new Error(`acknowledge ${_id}: HTTP ${ack.status} ${await ack.text()}`);
  }
  const sorted = latencies.sort((a, b) => a - b);
  return { presses: n, received: sorted.length, p50: pct(sorted, 50), p99: pct(sorted, 99), max: sorted.at(-1) ?? Number.NaN, refused, lost };
}
