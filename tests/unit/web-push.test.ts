import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { webPushOutcome } from '../../src/server/modules/outbox/web-push-transport.js';
import type { LookupAddress } from 'node:dns';
import { checkEndpoint, checkEndpointHost, isPublicAddress, publicOnlyLookup } from '../../src/server/modules/web-push/endpoint.js';
import { fakeResolver } from '../support/fake-resolver.js';

const NOW = new Date('2026-06-01T10:00:00Z');
const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/sd-unit' };

describe('web push: configuration', () => {
  it('takes a VAPID pair only whole and matching, and refuses test hosts in production', () => {
    const a = webpush.generateVAPIDKeys();
    const b = webpush.generateVAPIDKeys();
    expect(loadConfig({ ...base, VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: a.privateKey })).toMatchObject({ VAPID_PUBLIC_KEY: a.publicKey });
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: a.publicKey })).toThrow(/VAPID_PRIVATE_KEY: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together/);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: b.privateKey })).toThrow(/is not the public key of VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: a.privateKey })).toThrow(/VAPID_PUBLIC_KEY: expected 65 bytes/);
    expect(() => loadConfig({ ...base, VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ ...base, VAPID_SUBJECT: 'https://desk.example.com' }).VAPID_SUBJECT).toBe('https://desk.example.com');
    expect(loadConfig({ ...base, WEB_PUSH_TEST_HOSTS: '127.0.0.1, Push.Test:8080' }).WEB_PUSH_TEST_HOSTS).toEqual(['127.0.0.1', 'push.test:8080']);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', WEB_PUSH_TEST_HOSTS: '127.0.0.1' })).toThrow(
      /WEB_PUSH_TEST_HOSTS: .*refused with NODE_ENV=production/,
    );
  });
});

describe('web push: endpoints the server may fetch', () => {
  it('accepts https push services by name; refuses addresses, local names, ports, credentials and http', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QO1',
    ]) {
      expect(checkEndpoint(ok, [])).toBe(new URL(ok).href);
    }
    for (const bad of [
      'http://fcm.googleapis.com/x',
      'https://127.0.0.1/x',
      'https://8.8.8.8/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://localhost/x',
      'https://printer.local/x',
      'https://intranet/x',
      'https://fcm.googleapis.com:444/x',
      'https://a:b@fcm.googleapis.com/x',
      'ftp://fcm.googleapis.com/x',
    ]) {
      expect(() => checkEndpoint(bad, []), bad).toThrow(expect.objectContaining({ statusCode: 400, field: 'endpoint' }));
    }
    expect(checkEndpoint('http://127.0.0.1:4000/push/1', ['127.0.0.1'])).toBe('http://127.0.0.1:4000/push/1');
    expect(checkEndpoint('http://127.0.0.1:4000/push/1', ['127.0.0.1:4000'])).toBe('http://127.0.0.1:4000/push/1');
    expect(() => checkEndpoint('http://127.0.0.1:4001/push/1', ['127.0.0.1:4000'])).toThrow();
  });

  it('tells public addresses from internal ones (the connect-time check)', () => {
    for (const ip of ['8.8.8.8', '142.250.185.10', '2a00:1450:4001:80b::200a']) expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });
});

describe('web push: the addresses an endpoint resolves to', () => {
  const resolver = fakeResolver();
  resolver.hosts.set('fcm.googleapis.com', ['142.250.185.10', '2a00:1450:4001:80b::200a']);
  resolver.hosts.set('half.push.test', ['142.250.185.10', '192.168.0.4']);
  resolver.hosts.set('none.push.test', []);
  resolver.hosts.set('slow-dns.push.test', { code: 'ETIMEOUT' });
  const address = (hostname: string) =>
    new Promise<{ err: NodeJS.ErrnoException | null; all?: LookupAddress[] }>((resolve) =>
      publicOnlyLookup(resolver.resolve)(hostname, { all: true }, (err, all) => resolve({ err, all: all as unknown as LookupAddress[] })),
    );

  it('subscription time: every address must be public; an unknown name is a 400, a failing resolver a 503', async () => {
    await expect(checkEndpointHost('https://fcm.googleapis.com/fcm/send/x', [], resolver.resolve)).resolves.toBeUndefined();
    for (const host of [
      '127.0.0.1.nip.io',
      '10.0.0.1.nip.io',
      '100.64.3.4.nip.io',
      '169.254.169.254.nip.io',
      '224.0.0.1.nip.io',
      '0.0.0.0.nip.io',
      'half.push.test',
      'none.push.test',
      'no-such.push.test',
    ]) {
      await expect(checkEndpointHost(`https://${host}/x`, [], resolver.resolve), host).rejects.toMatchObject({ statusCode: 400, field: 'endpoint' });
    }
    await expect(checkEndpointHost('https://slow-dns.push.test/x', [], resolver.resolve)).rejects.toMatchObject({ statusCode: 503 });
    // A configured test host is not resolved.
    const asked = resolver.asked.length;
    await expect(checkEndpointHost('http://127.0.0.1:4000/push/1', ['127.0.0.1'], resolver.resolve)).resolves.toBeUndefined();
    expect(resolver.asked.length).toBe(asked);
  });

  it('send time: the socket is given only the addresses checked, and a name with any inside address fails ENOTPUBLIC', async () => {
    expect(await address('fcm.googleapis.com')).toEqual({
      err: null,
      all: [
        { address: '142.250.185.10', family: 4 },
        { address: '2a00:1450:4001:80b::200a', family: 6 },
      ],
    });
    for (const host of ['127.0.0.1.nip.io', 'half.push.test', 'none.push.test']) expect((await address(host)).err?.code, host).toBe('ENOTPUBLIC');
    expect((await address('no-such.push.test')).err?.code).toBe('ENOTFOUND');
  });
});

describe("web push: a push service's answer", () => {
  it('sent on 2xx; 404/410 gone; 429/5xx retried with Retry-After; other answers not retried', () => {
    expect(webPushOutcome(201, '', null, NOW)).toEqual({ status: 'sent' });
    expect(webPushOutcome(410, 'expired', null, NOW)).toEqual({ status: 'unregistered', error: 'Web Push 410: expired' });
    expect(webPushOutcome(404, '', null, NOW)).toMatchObject({ status: 'unregistered' });
    expect(webPushOutcome(429, '', '30', NOW)).toEqual({ status: 'retry', error: 'Web Push 429', retryAfterMs: 30_000 });
    expect(webPushOutcome(503, '', null, NOW)).toEqual({ status: 'retry', error: 'Web Push 503' });
    for (const s of [400, 401, 403, 413]) expect(webPushOutcome(s, '', null, NOW), String(s)).toMatchObject({ status: 'rejected' });
  });
});
