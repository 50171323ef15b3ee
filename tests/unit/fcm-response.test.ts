import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportPKCS8, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { readServiceAccount } from '../../src/server/modules/outbox/fcm-auth.js';
import { fcmOutcome, parseRetryAfter } from '../../src/server/modules/outbox/fcm-response.js';
import { fcmMessage } from '../../src/server/modules/outbox/fcm-transport.js';
import { pushData, type PushData } from '../../src/shared/contracts/push.js';

const NOW = new Date('2025-03-01T10:00:00Z');
const fcmError = (code: number, status: string, errorCode?: string, extra: object = {}) => ({
  error: { code, status, message: 'm', details: errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : [], ...extra },
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates against now; ignores what is neither', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter('Sat, 01 Mar 2025 10:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Sat, 01 Mar 2025 09:00:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('-5', NOW)).toBeUndefined();
  });
});

describe('fcmOutcome', () => {
  it('maps FCM answers to what the outbox worker does', () => {
    expect(fcmOutcome(200, { name: 'projects/p/messages/1' }, null, NOW)).toEqual({ status: 'sent' });
    expect(fcmOutcome(404, fcmError(404, 'NOT_FOUND', 'UNREGISTERED'), null, NOW).status).toBe('unregistered');
    const badToken = fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', { message: 'The registration token is not a valid FCM registration token' });
    expect(fcmOutcome(400, badToken, null, NOW).status).toBe('unregistered');
    const onField = { error: { status: 'INVALID_ARGUMENT', message: 'Invalid value', details: [{ fieldViolations: [{ field: 'message.token' }] }] } };
    expect(fcmOutcome(400, onField, null, NOW).status).toBe('unregistered');
    // A bad message (not the token) is not the device's fault: kept token, no retry.
    expect(fcmOutcome(400, fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT'), null, NOW).status).toBe('rejected');
    // A 404 without UNREGISTERED (a wrong project, say) must not clear anyone's token.
    expect(fcmOutcome(404, fcmError(404, 'NOT_FOUND'), null, NOW).status).toBe('rejected');
    expect(fcmOutcome(403, fcmError(403, 'PERMISSION_DENIED', 'SENDER_ID_MISMATCH'), null, NOW).status).toBe('rejected');
    expect(fcmOutcome(429, fcmError(429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED'), '7', NOW)).toEqual({
      status: 'retry',
      error: 'FCM 429 QUOTA_EXCEEDED: m',
      retryAfterMs: 7000,
    });
    expect(fcmOutcome(503, 'not json', null, NOW)).toEqual({ status: 'retry', error: 'FCM 503' });
    expect(fcmOutcome(500, fcmError(500, 'INTERNAL', 'INTERNAL'), 'Sat, 01 Mar 2025 10:01:00 GMT', NOW)).toMatchObject({
      status: 'retry',
      retryAfterMs: 60_000,
    });
    expect(fcmOutcome(401, fcmError(401, 'UNAUTHENTICATED'), null, NOW).status).toBe('retry');
  });
});

describe('fcmMessage', () => {
  it('builds notification{title, body, image?}, string data{type, id, documentId} and leaves data out when none', () => {
    expect(fcmMessage({ to: 't', residentId: 1, title: 'T', body: 'B', data: pushData('consultation', 42) }, 't')).toEqual({
      message: { token: 't', notification: { title: 'T', body: 'B' }, data: { type: 'consultation', id: '42', documentId: '42' } },
    });
    // A row queued by an earlier version (documentId alone), even with a number in it: sent as text.
    const earlier = { documentId: 7 } as unknown as PushData;
    expect(fcmMessage({ to: 't', residentId: 1, title: 'T', body: 'B', data: earlier }, 't').message.data).toEqual({ documentId: '7' });
    expect(fcmMessage({ to: 't', residentId: 1, title: 'T', body: 'B', image: 'https://x/i.png' }, 't')).toEqual({
      message: { token: 't', notification: { title: 'T', body: 'B', image: 'https://x/i.png' } },
    });
  });
});

describe('readServiceAccount', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fcm-sa-'));
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it('reads a valid account and refuses missing, non-JSON, incomplete or keyless files with a clear error', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const pem = await exportPKCS8(privateKey);
    const good = { project_id: 'p1', client_email: 'sa@p1.iam.gserviceaccount.com', private_key: pem };
    expect(readServiceAccount(write('good.json', JSON.stringify(good)))).toEqual(good);

    expect(() => readServiceAccount(path.join(dir, 'absent.json'))).toThrow(/FCM_SERVICE_ACCOUNT_FILE \(.*absent\.json\): cannot be read \(ENOENT\)/);
    expect(() => readServiceAccount(write('text.json', 'hello'))).toThrow(/is not JSON/);
    expect(() => readServiceAccount(write('noproj.json', JSON.stringify({ ...good, project_id: '' })))).toThrow(/"project_id" is missing/);
    expect(() => readServiceAccount(write('nokey.json', JSON.stringify({ ...good, private_key: 'abc' })))).toThrow(/"private_key" is not a PEM private key/);
    const { privateKey: ec } = await generateKeyPair('ES256', { extractable: true });
    const ecPem = await exportPKCS8(ec);
    expect(() => readServiceAccount(write('ec.json', JSON.stringify({ ...good, private_key: ecPem })))).toThrow(/"private_key" is not an RSA key/);
  });
});
