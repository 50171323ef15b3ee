/**
 * A local Web Push service for tests (RFC 8030), on 127.0.0.1 and a free port: it plays the
 * browser's push service AND the browser, so it can check what the server sends end to end.
 * - `subscribe()` makes a browser subscription (its own P-256 key pair and auth secret) whose
 *   endpoint is on this service, as `PushSubscription.toJSON()` gives it;
 * - each POST to an endpoint is checked like a push service does: `Authorization: vapid t=<JWT>,
 *   k=<key>` with an ES256 signature by `k`, `aud` = this service's origin, `exp` in the future and
 *   at most 24 h away, `sub` a mailto: or https: URL (and `k` = `expectKey` when given); then the
 *   body is decrypted as the browser does (aes128gcm, RFC 8291: ECDH with the subscription's private
 *   key, HKDF with its auth secret) and parsed as JSON. A request that fails any check is answered
 *   400/401 and kept in `refused`;
 * - answers are 201 unless the test scripts others: `answerNext(endpoint, …statuses)` (one each,
 *   in order: 410, 429 with Retry-After, 500, …) or `gone(endpoint)` (410 from now on);
 * - `received`: every push answered 2xx, decrypted; `requests`: every request with its answer.
 * Reused by the browser test of the resident app (WEB_PUSH_TEST_HOSTS=127.0.0.1).
 */
import { createECDH, createPublicKey, hkdfSync, randomBytes, verify, createDecipheriv } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed as JSON. */
  message: unknown;
  /** The VAPID token's claims and the key that signed it (base64url). */
  vapid: { aud: string; exp: number; sub: string; key: string };
  headers: IncomingMessage['headers'];
}

export interface PushRequest {
  endpoint: string;
  status: number;
  /** Why it was refused (status 400/401), if it was. */
  problem?: string;
}

export interface Answer {
  status: number;
  retryAfter?: string;
}

export interface LocalPushService {
  /** `http://127.0.0.1:<port>`: the `aud` every VAPID token must name. */
  origin: string;
  subscribe(): TestSubscription;
  answerNext(endpoint: string, ...answers: Answer[]): void;
  gone(endpoint: string): void;
  received: ReceivedPush[];
  requests: PushRequest[];
  refused: PushRequest[];
  /** The pushes received for one endpoint, decrypted. */
  messagesFor(endpoint: string): unknown[];
  close(): Promise<void>;
}

interface Browser {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
}

const b64u = (b: Buffer) => b.toString('base64url');

/** Checks the `Authorization: vapid t=…, k=…` header (RFC 8292). @returns its claims, or a problem. */
function checkVapid(header: string | undefined, origin: string, expectKey: string | undefined): ReceivedPush['vapid'] | string {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return `no vapid authorization: ${header}`;
  const [, token = '', key = ''] = m;
  if (expectKey !== undefined && key !== expectKey) return 'signed with another key than the server publishes';
  const [h64 = '', c64 = '', s64 = ''] = token.split('.');
  const head = JSON.parse(Buffer.from(h64, 'base64url').toString()) as { alg?: string; typ?: string };
  if (head.alg !== 'ES256') return `alg ${head.alg}`;
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k is not an uncompressed P-256 point';
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${h64}.${c64}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s64, 'base64url'));
  if (!signed) return 'bad ES256 signature';
  const claims = JSON.parse(Buffer.from(c64, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 86_400) return `exp ${claims.exp} not within 24 h from now`;
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return `sub ${claims.sub}`;
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, key };
}

/** Decrypts an aes128gcm body (RFC 8188 framing, RFC 8291 keys) for `browser`. @returns the plaintext, or a problem. */
function decrypt(body: Buffer, browser: Browser): Buffer | string {
  if (body.length < 21) return 'body too short';
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const serverKey = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (idlen !== 65) return `keyid of ${idlen} bytes, not a P-256 point`;
  if (records.length > rs) return 'more than one record';
  const shared = browser.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  try {
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(records.subarray(records.length - 16));
    const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
    // The last record ends with 0x02 and zero padding (RFC 8188 §2).
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) return 'no last-record delimiter';
    return padded.subarray(0, end);
  } catch (err) {
    return `decryption failed: ${String(err)}`;
  }
}

/**
 * Starts the service on 127.0.0.1 and a free port. `expectKey`: the VAPID public key the server
 * publishes (GET /api/resident/web-push/key), or a function giving it when a push arrives; pushes
 * signed with another key are refused (401).
 */
export async function startPushService(opts: { expectKey?: string | (() => string | undefined) } = {}): Promise<LocalPushService> {
  const browsers = new Map<string, Browser>();
  const scripted = new Map<string, Answer[]>();
  const goneSet = new Set<string>();
  const received: ReceivedPush[] = [];
  const requests: PushRequest[] = [];
  const refused: PushRequest[] = [];
  let origin = '';

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = `${origin}${req.url ?? ''}`;
      const answer = (status: number, problem?: string, retryAfter?: string) => {
        const entry: PushRequest = { endpoint, status, ...(problem ? { problem } : {}) };
        requests.push(entry);
        if (problem) refused.push(entry);
        res.writeHead(status, retryAfter ? { 'retry-after': retryAfter } : {});
        res.end(problem ?? '');
      };
      const browser = browsers.get(endpoint);
      if (req.method !== 'POST' || !browser) return answer(404, undefined);
      if (goneSet.has(endpoint)) return answer(410);
      const expect = typeof opts.expectKey === 'function' ? opts.expectKey() : opts.expectKey;
      const vapid = checkVapid(req.headers.authorization, origin, expect);
      if (typeof vapid === 'string') return answer(401, vapid);
      if (req.headers['content-encoding'] !== 'aes128gcm') return answer(400, `content-encoding ${req.headers['content-encoding']}`);
      if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) return answer(400, 'no TTL header');
      const plain = decrypt(Buffer.concat(chunks), browser);
      if (typeof plain === 'string') return answer(400, plain);
      let message: unknown;
      try {
        message = JSON.parse(plain.toString('utf8'));
      } catch {
        return answer(400, 'payload is not JSON');
      }
      const next = scripted.get(endpoint)?.shift();
      if (next && (next.status < 200 || next.status > 299)) return answer(next.status, undefined, next.retryAfter);
      received.push({ endpoint, message, vapid, headers: req.headers });
      return answer(next?.status ?? 201);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const browser: Browser = { ecdh, publicKey: ecdh.getPublicKey(), auth: randomBytes(16) };
      const endpoint = `${origin}/push/${randomBytes(12).toString('hex')}`;
      browsers.set(endpoint, browser);
      return { endpoint, keys: { p256dh: b64u(browser.publicKey), auth: b64u(browser.auth) } };
    },
    answerNext(endpoint, ...answers) {
      scripted.set(endpoint, [...(scripted.get(endpoint) ?? []), ...answers]);
    },
    gone(endpoint) {
      goneSet.add(endpoint);
    },
    received,
    requests,
    refused,
    messagesFor: (endpoint) => received.filter((r) => r.endpoint === endpoint).map((r) => r.message),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
