import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { exportPKCS8, generateKeyPair, jwtVerify, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { outbox, residents } from '../../src/server/db/schema.js';
import { FCM_SCOPE } from '../../src/server/modules/outbox/fcm-auth.js';
import { backoffMs, outboxRepo, type OutboxRow, type PushPayload } from '../../src/server/modules/outbox/repo.js';
import { queuePush } from '../../src/server/modules/outbox/service.js';
import { pushTransportFor } from '../../src/server/modules/outbox/transport.js';
import { outboxWorker, type OutboxWorker } from '../../src/server/modules/outbox/worker.js';
import { pushData } from '../../src/shared/contracts/push.js';
import { useHarness } from './harness.js';

/** The keys a push's FCM `data` may have; FCM takes string values only. */
const DATA_KEYS = new Set(['type', 'id', 'documentId']);

const PROJECT = 'society-desk-test';
const CLIENT_EMAIL = 'pusher@society-desk-test.iam.gserviceaccount.com';
const MAX_ATTEMPTS = 3;

/** One scripted FCM answer; `destroy` drops the connection (a network error). */
type Answer = { status: number; body?: object; headers?: Record<string, string> } | 'destroy';
const fcmError = (code: number, status: string, errorCode: string, message = 'error') => ({
  error: { code, status, message, details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] },
});

/**
 * The real FCM transport (chosen by pushTransportFor from the configuration) against a local HTTP
 * server playing Google's token endpoint and FCM HTTP v1, driven by an outbox worker on the test
 * database with the harness's manual clock. The fake token endpoint verifies the JWT's RS256
 * signature with the account's public key and its claims; the fake FCM checks the bearer token and
 * the message shape and answers what each test scripts per device token.
 */
describe('FCM HTTP v1 transport (contract)', () => {
  const h = useHarness();
  let server: Server;
  let publicKey: CryptoKey;
  let tokenUrl = '';
  let worker: OutboxWorker;
  /** Problems the fake servers saw (a bad JWT, bearer or message): must stay empty. */
  const violations: string[] = [];
  const issued: string[] = [];
  const sends: { token: string; message: Record<string, unknown> }[] = [];
  const script = new Map<string, Answer[]>();

  async function tokenEndpoint(body: string, res: ServerResponse) {
    const form = new URLSearchParams(body);
    try {
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') throw new Error(`grant_type ${form.get('grant_type')}`);
      const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
        algorithms: ['RS256'],
        issuer: CLIENT_EMAIL,
        audience: tokenUrl,
        currentDate: h.clock.now(),
      });
      if (payload.scope !== FCM_SCOPE) throw new Error(`scope ${String(payload.scope)}`);
      if (payload.iat !== Math.floor(h.clock.now().getTime() / 1000) || payload.exp !== payload.iat + 3600) throw new Error('iat/exp');
      if (protectedHeader.kid !== 'key-1') throw new Error(`kid ${protectedHeader.kid}`);
    } catch (err) {
      violations.push(`token request: ${String(err)}`);
      return reply(res, 400, { error: 'invalid_grant' });
    }
    issued.push(`access-${issued.length + 1}`);
    reply(res, 200, { access_token: issued.at(-1), expires_in: 3600, token_type: 'Bearer' });
  }

  function fcmEndpoint(req: IncomingMessage, body: string, res: ServerResponse) {
    if (req.headers.authorization !== `Bearer ${issued.at(-1)}`) {
      violations.push(`bearer ${req.headers.authorization}`);
      return reply(res, 401, fcmError(401, 'UNAUTHENTICATED', 'THIRD_PARTY_AUTH_ERROR'));
    }
    const { message, ...rest } = JSON.parse(body) as { message: Record<string, unknown> };
    const { token, notification, data, ...other } = message as { token: string; notification: Record<string, unknown>; data?: Record<string, unknown> };
    const { title, body: text, image, ...more } = notification;
    const shapeOk =
      Object.keys(rest).length === 0 &&
      Object.keys(other).length === 0 &&
      Object.keys(more).length === 0 &&
      typeof token === 'string' &&
      typeof title === 'string' &&
      typeof text === 'string' &&
      (image === undefined || typeof image === 'string') &&
      (data === undefined || Object.entries(data).every(([k, v]) => DATA_KEYS.has(k) && typeof v === 'string'));
    if (!shapeOk) violations.push(`message ${body}`);
    sends.push({ token, message });
    const answer = script.get(token)?.shift() ?? { status: 200, body: { name: `projects/${PROJECT}/messages/${sends.length}` } };
    if (answer === 'destroy') return req.socket.destroy();
    reply(res, answer.status, answer.body ?? {}, answer.headers);
  }

  function reply(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  }

  beforeAll(async () => {
    const keys = await generateKeyPair('RS256', { extractable: true });
    publicKey = keys.publicKey;
    const dir = mkdtempSync(path.join(tmpdir(), 'fcm-contract-'));
    const file = path.join(dir, 'service-account.json');
    const account = {
      type: 'service_account',
      project_id: PROJECT,
      private_key_id: 'key-1',
      private_key: await exportPKCS8(keys.privateKey),
      client_email: CLIENT_EMAIL,
    };
    writeFileSync(file, JSON.stringify(account));

    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/token') void tokenEndpoint(body, res);
        else if (req.method === 'POST' && req.url === `/v1/projects/${PROJECT}/messages:send`) fcmEndpoint(req, body, res);
        else reply(res, 404, { error: `unexpected ${req.method} ${req.url}` });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    tokenUrl = `${base}/token`;
    const config = { ...h.config, FCM_SERVICE_ACCOUNT_FILE: file, FCM_TOKEN_URL: tokenUrl, FCM_BASE_URL: base };
    const transport = pushTransportFor(config, h.app.log, h.clock);
    worker = outboxWorker({
      repo: outboxRepo(h.database.db, h.clock),
      transport,
      log: h.app.log,
      clock: h.clock,
      pollMs: 60_000,
      options: { maxAttempts: MAX_ATTEMPTS },
    });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Gives the Green Valley resident with phone `phone` the device token `token`; @returns their id. */
  async function withToken(phone: string, token: string | null): Promise<number> {
    const [r] = await h.database.db.update(residents).set({ pushToken: token }).where(eq(residents.phone, phone)).returning({ id: residents.id });
    if (!r) throw new Error(`no demo resident ${phone}`);
    return r.id;
  }
  async function enqueue(payload: PushPayload): Promise<number> {
    await queuePush(h.database.db, 1, payload);
    const [row] = await h.database.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
    return row!.id;
  }
  async function get(id: number): Promise<OutboxRow> {
    const [row] = await h.database.db.select().from(outbox).where(eq(outbox.id, id));
    return row!;
  }
  const sendsTo = (token: string) => sends.filter((s) => s.token === token);
  const tokenOf = async (id: number) => (await h.database.db.select({ t: residents.pushToken }).from(residents).where(eq(residents.id, id)))[0]!.t;

  it('sends the message shape FCM expects with one access token for several sends, renewed before it expires', async () => {
    const a = await withToken('03000000041', 'device-a');
    const b = await withToken('03000000042', 'device-b');
    const first = await enqueue({ to: 'device-a', residentId: a, title: 'Bill Generated', body: 'Tap to check!', data: pushData('bill', 17) });
    const second = await enqueue({ to: 'device-b', residentId: b, title: 'Notice', body: 'Water off at 10', image: 'https://example.test/w.png' });
    const third = await enqueue({ to: 'device-a', residentId: a, title: 'Hello', body: 'No data' });
    await worker.poke();

    for (const id of [first, second, third]) expect(await get(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sendsTo('device-a').map((s) => s.message)).toEqual([
      { token: 'device-a', notification: { title: 'Bill Generated', body: 'Tap to check!' }, data: { type: 'bill', id: '17', documentId: '17' } },
      { token: 'device-a', notification: { title: 'Hello', body: 'No data' } },
    ]);
    expect(sendsTo('device-b').map((s) => s.message)).toEqual([
      { token: 'device-b', notification: { title: 'Notice', body: 'Water off at 10', image: 'https://example.test/w.png' } },
    ]);
    expect(issued).toHaveLength(1);

    // Still fresh 58 minutes later: no new token; a minute before expiry (3600 s): a new one.
    h.clock.advance(58 * 60_000);
    await enqueue({ to: 'device-a', residentId: a, title: 'Later', body: 'x' });
    await worker.poke();
    expect(issued).toHaveLength(1);
    h.clock.advance(60_000);
    await enqueue({ to: 'device-a', residentId: a, title: 'Renewed', body: 'x' });
    await worker.poke();
    expect(issued).toHaveLength(2);
    expect(sendsTo('device-a')).toHaveLength(4);
    expect(violations).toEqual([]);
  });

  it('fails a push without a device token at once, without calling FCM', async () => {
    const r = await withToken('03000000043', null);
    const before = sends.length;
    const id = await enqueue({ to: null, residentId: r, title: 'No phone', body: 'x' });
    await worker.poke();
    expect(await get(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'no device token' });
    h.clock.advance(backoffMs(1));
    await worker.poke();
    expect(sends.length).toBe(before);
    expect((await get(id)).attempts).toBe(1);
  });

  it('UNREGISTERED and an invalid token: clears the resident’s token and does not retry', async () => {
    const gone = await withToken('03000000044', 'device-gone');
    const bad = await withToken('03000000045', 'device-bad');
    const kept = await withToken('03000000046', 'device-new');
    script.set('device-gone', [{ status: 404, body: fcmError(404, 'NOT_FOUND', 'UNREGISTERED', 'Requested entity was not found.') }]);
    script.set('device-bad', [
      { status: 400, body: fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token') },
    ]);
    script.set('device-old', [{ status: 404, body: fcmError(404, 'NOT_FOUND', 'UNREGISTERED') }]);
    const p1 = await enqueue({ to: 'device-gone', residentId: gone, title: 'T', body: 'B' });
    const p2 = await enqueue({ to: 'device-bad', residentId: bad, title: 'T', body: 'B' });
    // Queued to an old token; the app has registered a new one since: that one is kept.
    const p3 = await enqueue({ to: 'device-old', residentId: kept, title: 'T', body: 'B' });
    await worker.poke();

    expect(await get(p1)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'FCM 404 UNREGISTERED: Requested entity was not found.' });
    expect(await get(p2)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await get(p3)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await tokenOf(gone)).toBeNull();
    expect(await tokenOf(bad)).toBeNull();
    expect(await tokenOf(kept)).toBe('device-new');

    h.clock.advance(86_400_000);
    await worker.poke();
    expect([sendsTo('device-gone'), sendsTo('device-bad'), sendsTo('device-old')].map((s) => s.length)).toEqual([1, 1, 1]);
  });

  it('429 with Retry-After (seconds or an HTTP date): retried once the clock passes it, not before', async () => {
    const r = await withToken('03000000047', 'device-busy');
    const busy = (retryAfter: string): Answer => ({
      status: 429,
      body: fcmError(429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED'),
      headers: { 'retry-after': retryAfter },
    });
    script.set('device-busy', [busy('120')]);
    const id = await enqueue({ to: 'device-busy', residentId: r, title: 'T', body: 'B' });
    await worker.poke();
    expect(await get(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'FCM 429 QUOTA_EXCEEDED: error' });
    expect((await get(id)).availableAt).toEqual(new Date(h.clock.now().getTime() + 120_000));

    h.clock.advance(119_999);
    await worker.poke();
    expect(sendsTo('device-busy')).toHaveLength(1);
    h.clock.advance(1);
    // Then an HTTP date 90 s on (whole seconds, as HTTP dates are).
    const retryAt = new Date(Math.floor(h.clock.now().getTime() / 1000) * 1000 + 90_000);
    script.set('device-busy', [busy(retryAt.toUTCString())]);
    await worker.poke();
    expect(sendsTo('device-busy')).toHaveLength(2);
    expect(await get(id)).toMatchObject({ status: 'pending', attempts: 2, availableAt: retryAt });

    h.clock.set(new Date(retryAt.getTime() - 1));
    await worker.poke();
    expect(sendsTo('device-busy')).toHaveLength(2);
    h.clock.set(retryAt);
    await worker.poke();
    expect(sendsTo('device-busy')).toHaveLength(3);
    expect(await get(id)).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('500, then a dropped connection, then success: retried with back-off and delivered once', async () => {
    const r = await withToken('03000000048', 'device-flaky');
    script.set('device-flaky', [{ status: 500, body: fcmError(500, 'INTERNAL', 'INTERNAL') }, 'destroy']);
    const id = await enqueue({ to: 'device-flaky', residentId: r, title: 'T', body: 'B', data: pushData('order', 5) });
    await worker.poke();
    expect(await get(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'FCM 500 INTERNAL: error' });
    h.clock.advance(backoffMs(1) - 1);
    await worker.poke();
    expect(sendsTo('device-flaky')).toHaveLength(1);
    h.clock.advance(1);
    await worker.poke();
    expect(await get(id)).toMatchObject({ status: 'pending', attempts: 2 });
    expect((await get(id)).lastError).toMatch(/^FCM request failed: /);
    h.clock.advance(backoffMs(2));
    await worker.poke();
    expect(await get(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(sendsTo('device-flaky')).toHaveLength(3);
  });

  it('401 from FCM: drops the cached access token and retries with a new one', async () => {
    const r = await withToken('03000000040', 'device-auth');
    script.set('device-auth', [{ status: 401, body: fcmError(401, 'UNAUTHENTICATED', 'THIRD_PARTY_AUTH_ERROR') }]);
    const id = await enqueue({ to: 'device-auth', residentId: r, title: 'T', body: 'B' });
    const tokensBefore = issued.length;
    await worker.poke();
    expect(await get(id)).toMatchObject({ status: 'pending', attempts: 1 });
    h.clock.advance(backoffMs(1));
    await worker.poke();
    expect(await get(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(issued).toHaveLength(tokensBefore + 1);
  });

  it('after the last attempt the push is failed and never sent again', async () => {
    const r = await withToken('03000000049', 'device-down');
    const down: Answer = { status: 503, body: fcmError(503, 'UNAVAILABLE', 'UNAVAILABLE', 'The service is currently unavailable.') };
    script.set(
      'device-down',
      Array.from({ length: MAX_ATTEMPTS + 2 }, () => down),
    );
    const id = await enqueue({ to: 'device-down', residentId: r, title: 'T', body: 'B' });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await worker.poke();
      expect(sendsTo('device-down')).toHaveLength(attempt);
      h.clock.advance(backoffMs(attempt));
    }
    expect(await get(id)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: 'FCM 503 UNAVAILABLE: The service is currently unavailable.',
      sentAt: null,
    });
    expect(await tokenOf(r)).toBe('device-down');
    h.clock.advance(86_400_000);
    await worker.poke();
    expect(sendsTo('device-down')).toHaveLength(MAX_ATTEMPTS);
    expect(violations).toEqual([]);
  });
});

describe('pushTransportFor', () => {
  it('logs once that pushes are only logged without FCM_SERVICE_ACCOUNT_FILE, and refuses a missing file', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (s: string) => void lines.push(s) } } });
    const config = loadConfig({ NODE_ENV: 'test' });
    const transport = pushTransportFor(config, app.log);
    expect(lines.filter((l) => l.includes('pushes are only logged: set FCM_SERVICE_ACCOUNT_FILE to send them'))).toHaveLength(1);
    expect(await transport.send({ to: null, residentId: 1, title: 'T', body: 'B' })).toBeUndefined();
    expect(lines.some((l) => l.includes('push (log transport)'))).toBe(true);

    const missing = path.join(tmpdir(), 'no-such-dir-fcm', 'sa.json');
    expect(() => pushTransportFor({ ...config, FCM_SERVICE_ACCOUNT_FILE: missing }, app.log)).toThrow(
      `FCM_SERVICE_ACCOUNT_FILE (${missing}): cannot be read (ENOENT)`,
    );
    await app.close();
  });
});
