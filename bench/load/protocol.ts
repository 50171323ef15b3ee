/**
 * Messages between the benches and their worker processes (bench/load.ts's http-worker.ts and
 * socket-worker.ts; the probed benches' request-loop.ts), sent over the Node IPC channel. Times are epoch milliseconds with
 * sub-millisecond precision ({@link epochMs}), comparable across the processes of one machine.
 */

/** Epoch ms, sub-ms precision: `performance.timeOrigin + performance.now()`. */
export const epochMs = () => performance.timeOrigin + performance.now();

/** One kind of request a stream sends, in rotation. `society` is 0 (Green Valley) or 1 (Lake City). */
export interface RequestTemplate {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  society: number;
}

/**
 * An open-loop stream: request k (k = 0, 1, …) is due at `startAt + k × 1000 / rate` and is sent
 * then, whether or not earlier ones answered; its latency is measured from that due time, so a
 * late client or a full connection pool shows as latency instead of hiding (coordinated omission).
 */
export interface StreamSpec {
  /** nginx's URL, e.g. http://127.0.0.1:3700 */
  base: string;
  /** Requests per second. */
  rate: number;
  durationS: number;
  /** Epoch ms of request 0. */
  startAt: number;
  /** A request unanswered this long after it was due counts as a timeout (and is aborted). */
  timeoutMs: number;
  /** Keep-alive connections at most (more requests due wait in the agent's queue). */
  maxSockets: number;
  /** Request k uses requests[k % length]. */
  requests: RequestTemplate[];
  /**
   * SOS streams: acknowledge each new alarm (answer 201 with pressCount 1) `delayMs` after its
   * answer, as its society's security staff (`cookies[society]`); `share` (0–1) of them.
   */
  ack?: { delayMs: number; share: number; cookies: string[] };
}

/** Figures of one label (a template's label, or 'ack'). Latencies in ms of 2xx answers. */
export interface LabelRecord {
  label: string;
  sent: number;
  latencies: number[];
  /** Non-2xx by 'HTTP <status>', 'timeout', 'socket <code>': count. */
  errors: Record<string, number>;
  /**
   * The answers that refused the request (503 or 429), also counted in `errors`: latency `ms`; who
   * refused it (nginx's own busy answer carries `X-Refused-By: proxy`, the instances' admission hook
   * answers without it); and how much of the latency passed before the request was written to its
   * socket (`beforeWriteMs`, from due: the client's own scheduling and connection queue, not the server).
   */
  refused: { ms: number; by: 'proxy' | 'app'; beforeWriteMs: number }[];
}

/** An SOS answered 201: [alarm id, society, due epoch ms, 1 if it raised a new alarm (pressCount 1) else 0]. */
export type AlarmRecord = [id: number, society: number, dueAt: number, created: 0 | 1];

export interface StreamResult {
  labels: LabelRecord[];
  alarms: AlarmRecord[];
  /** Acknowledgements answered 2xx, by society. */
  ackedBySociety: number[];
  /** How late the scheduler sent requests (ms after due): p99 and max. */
  sendLag: { p99: number; max: number };
  /** Epoch ms of the first due time and of the last answer. */
  firstDue: number;
  lastAnswer: number;
}

export type HttpWorkerIn = { kind: 'run'; spec: StreamSpec };
export type HttpWorkerOut = { kind: 'ready' } | { kind: 'done'; result: StreamResult } | { kind: 'failed'; message: string };

export interface SocketSpec {
  base: string;
  /** Security staff session cookies, by society. Socket k uses cookies[k % length]. */
  cookies: string[];
  count: number;
  /**
   * Connect socket k from 127.0.0.(2 + k mod 250): nginx's socket upstream hashes the client
   * address, so sockets all from 127.0.0.1 would all land on one instance.
   */
  spreadAddresses: boolean;
}

/** Per alarm id: [id, 'receive-security' events, first and last receipt epoch ms]. */
export type AlarmDelivery = [id: number, count: number, firstAt: number, lastAt: number];

export interface SocketResult {
  connected: number;
  /** Sockets per society (index as in cookies). */
  bySociety: number[];
  deliveries: AlarmDelivery[];
  /** Other events received over all sockets. */
  pressed: number;
  acknowledged: number;
  escalated: number;
  /** Sockets that disconnected during the run (no reconnection: each lost its events after). */
  disconnects: number;
  /** Whether the expected counts of both were reached before the wait ended. */
  complete: boolean;
}

export type SocketWorkerIn =
  | { kind: 'connect'; spec: SocketSpec }
  /** Forget every event received so far (after a warm-up); answered by 'reset'. */
  | { kind: 'reset' }
  /**
   * Wait until `expected` 'receive-security' and `expectedAcks` 'security-acknowledged' events
   * arrived (or `maxWaitMs` passed), then report and close.
   */
  | { kind: 'finish'; expected: number; expectedAcks: number; maxWaitMs: number };
export type SocketWorkerOut =
  | { kind: 'ready' }
  | { kind: 'reset' }
  | { kind: 'connected'; connected: number; bySociety: number[]; failed: string[]; ms: number }
  | { kind: 'done'; result: SocketResult }
  | { kind: 'failed'; message: string };

/** One request of a request loop (bench/load/request-loop.ts); `bodyFile`, if given, is read once and sent as the body. */
export interface LoopRequest {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  bodyFile?: string;
}

/** How one request of a loop was answered: `message` is an error answer's message (numbers of seconds as N), `headers` those named by the 'run'. */
export interface LoopAnswer {
  label: string;
  status: number;
  message: string;
  bytes: number;
  seconds: number;
  headers: Record<string, string>;
}

export type LoopWorkerIn =
  /** Send `requests` in rotation, one at a time, back to back, until 'stop'; keep the response headers named in `keepHeaders`. */
  | { kind: 'run'; base: string; requests: LoopRequest[]; keepHeaders: string[] }
  /** Finish the request in flight, then answer 'done'. */
  | { kind: 'stop' };
export type LoopWorkerOut = { kind: 'ready' } | { kind: 'done'; answers: LoopAnswer[] } | { kind: 'failed'; message: string };
