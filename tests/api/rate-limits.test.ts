import { Writable } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billSheet, multipartBody } from '../../e2e/fixtures/bill-sheets.js';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { billImports, media, notificationCampaigns, residents, societies } from '../../src/server/db/schema.js';
import type { RateLimitStore } from '../../src/server/lib/rate-limit/store.js';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { useHarness } from './harness.js';
import { mediaForm, mp4 } from './media-fixtures.js';
import { pressSos } from '../support/clients/security.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Limits on what one account can trigger (lib/rate-limit): Send to All per society per hour, single
 * pushes per staff member per minute, uploads per staff member per minute and bytes per day,
 * spreadsheet imports per staff member per minute. Each refuses with 429, its text and Retry-After,
 * writes nothing, and lets the next request through once its window has passed on the app's clock.
 * Runs on the embedded database (counts in memory) and, with DATABASE_URL, on PostgreSQL
 * (`rate_limits`). Shared across instances: rate-limits-shared.test.ts.
 */
const h = useHarness({
  PANEL_MAX_BROADCASTS_PER_HOUR: '3',
  PANEL_MAX_PUSHES_PER_MINUTE: '3',
  MEDIA_MAX_UPLOADS_PER_MINUTE: '3',
  MEDIA_MAX_BYTES_PER_DAY: '5000',
  BILL_MAX_IMPORTS_PER_MINUTE: '2',
});

describe('rate limits on what one account can trigger', () => {
  const db = () => h.database.db;
  const as = async (email: string) => ({ cookie: await h.staffCookie(email) });
  let gvResident = 0;
  beforeAll(async () => {
    const [gv] = await db().select({ id: societies.id }).from(societies).where(eq(societies.name, 'Green Valley'));
    const [r] = await db()
      .select({ id: residents.id })
      .from(residents)
      .where(and(eq(residents.societyId, gv!.id), eq(residents.status, 'Approve')))
      .limit(1);
    gvResident = r!.id;
  });

  it('Send to All: PANEL_MAX_BROADCASTS_PER_HOUR per society (shared by its staff, not by another society), then 429 for the rest of the hour', async () => {
    const broadcast = async (email: string) =>
      h.app.inject({ method: 'POST', url: '/api/notifications/broadcast', headers: await as(email), payload: { title: 'Water', body: 'No water on Sunday.' } });
    const campaigns = async () => (await db().select({ n: count() }).from(notificationCampaigns))[0]!.n;
    expect((await broadcast('notification@greenvalley.test')).statusCode).toBe(201);
    expect((await broadcast('super-admin@greenvalley.test')).statusCode).toBe(201);
    expect((await broadcast('notification@greenvalley.test')).statusCode).toBe(201);
    const before = await campaigns();
    h.clock.advance(12 * MINUTE_MS);
    const refused = await broadcast('super-admin@greenvalley.test');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, message: 'Too many broadcasts, try again in 48 minutes.' });
    expect(refused.headers['retry-after']).toBe(String(48 * 60));
    expect(await campaigns()).toBe(before);
    // Another society has its own count.
    expect((await broadcast('notification@lakecity.test')).statusCode).toBe(201);
    h.clock.advance(48 * MINUTE_MS - 1);
    expect((await broadcast('notification@greenvalley.test')).statusCode).toBe(429);
    h.clock.advance(1);
    expect((await broadcast('notification@greenvalley.test')).statusCode).toBe(201);
  });

  it('send to one resident: PANEL_MAX_PUSHES_PER_MINUTE per staff member, then 429 for the rest of the minute', async () => {
    const send = async (email: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/notifications/send',
        headers: await as(email),
        payload: { residentId: gvResident, title: 'Parcel', body: 'At the gate.' },
      });
    for (let i = 0; i < 3; i++) expect((await send('notification@greenvalley.test')).statusCode).toBe(201);
    const refused = await send('notification@greenvalley.test');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many notifications sent, try again in 1 minute.');
    expect(refused.headers['retry-after']).toBe('60');
    // Per staff member: a colleague of the same society still sends.
    expect((await send('super-admin@greenvalley.test')).statusCode).toBe(201);
    h.clock.advance(MINUTE_MS);
    expect((await send('notification@greenvalley.test')).statusCode).toBe(201);
  });

  it('POST /api/media: MEDIA_MAX_UPLOADS_PER_MINUTE per staff member, counted before the body is read', async () => {
    const headers = await as('cms@greenvalley.test');
    const upload = () => {
      const form = mediaForm(mp4(200), { filename: 'clip.mp4', contentType: 'video/mp4' });
      return h.app.inject({ method: 'POST', url: '/api/media', headers: { ...headers, ...form.headers }, payload: form.payload });
    };
    for (let i = 0; i < 3; i++) expect((await upload()).statusCode).toBe(201);
    const rows = (await db().select({ n: count() }).from(media))[0]!.n;
    const refused = await upload();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many uploads, try again in 1 minute.');
    expect(refused.headers['retry-after']).toBe('60');
    // Refused before the body is looked at: not even a 400 for a request that is not an upload.
    const notMultipart = await h.app.inject({ method: 'POST', url: '/api/media', headers, payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(429);
    expect((await db().select({ n: count() }).from(media))[0]!.n).toBe(rows);
    h.clock.advance(MINUTE_MS);
    expect((await upload()).statusCode).toBe(201);
  });

  it('POST /api/media: MEDIA_MAX_BYTES_PER_DAY per staff member; a file that would pass it is refused and not kept, a smaller one still fits', async () => {
    const upload = async (bytes: number) => {
      const form = mediaForm(mp4(bytes), { filename: 'clip.mp4', contentType: 'video/mp4' });
      return h.app.inject({
        method: 'POST',
        url: '/api/media',
        headers: { ...(await as('discounts@greenvalley.test')), ...form.headers },
        payload: form.payload,
      });
    };
    const rows = async () => (await db().select({ n: count() }).from(media))[0]!.n;
    expect((await upload(2048)).statusCode).toBe(201);
    expect((await upload(2048)).statusCode).toBe(201);
    const before = await rows();
    h.clock.advance(HOUR_MS);
    const refused = await upload(2048);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("Too much uploaded today (this file would pass the day's limit), try again in 23 hours.");
    expect(refused.headers['retry-after']).toBe(String(23 * 3600));
    expect(await rows()).toBe(before);
    // 4096 + 900 ≤ 5000: the refused file's bytes were not counted.
    expect((await upload(900)).statusCode).toBe(201);
    expect((await upload(10)).statusCode).toBe(429);
    h.clock.advance(DAY_MS - HOUR_MS);
    expect((await upload(2048)).statusCode).toBe(201);
  });

  it('POST /api/bills/import: BILL_MAX_IMPORTS_PER_MINUTE per staff member, then 429 (nothing stored)', async () => {
    const headers = await as('billing@greenvalley.test');
    const importSheet = () => {
      const { payload, contentType } = multipartBody(billSheet([{ Address: 'House 999, Street 999', Units: 4 }]));
      return h.app.inject({ method: 'POST', url: '/api/bills/import', headers: { ...headers, 'content-type': contentType }, payload });
    };
    for (let i = 0; i < 2; i++) expect((await importSheet()).statusCode).toBe(200);
    const stored = (await db().select({ n: count() }).from(billImports))[0]!.n;
    h.clock.advance(30_000);
    const refused = await importSheet();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many spreadsheet imports, try again in 30 seconds.');
    expect(refused.headers['retry-after']).toBe('30');
    expect((await db().select({ n: count() }).from(billImports))[0]!.n).toBe(stored);
    h.clock.advance(30_000);
    expect((await importSheet()).statusCode).toBe(200);
  });
});

/**
 * The SOS press is never refused because its counter is unavailable: a limit store that fails, or
 * does not answer, lets the press through (and logs it). Apps on the harness's database with such
 * a store.
 */
describe('SOS press when the limit store fails', () => {
  const logged: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  let failing: BuiltApp;
  let hung: BuiltApp;
  const build = (store: RateLimitStore) =>
    buildApp({
      config: h.config,
      database: h.database,
      clock: h.clock,
      serveWeb: false,
      logger: { level: 'error', stream },
      rateLimitStores: { main: store, alarm: store, alarmTimeoutMs: 100 },
    });
  beforeAll(async () => {
    failing = await build({ take: () => Promise.reject(new Error('limit store down')) });
    hung = await build({ take: () => new Promise<number>(() => undefined) });
  });
  afterAll(async () => {
    await failing?.app.close();
    await hung?.app.close();
  });

  it('a store that throws: every press is stored (201), past SOS_MAX_PRESSES_PER_MINUTE too, and the failure is logged', async () => {
    const authorization = await h.residentAuth('03000000052');
    for (let i = 1; i <= h.config.SOS_MAX_PRESSES_PER_MINUTE + 2; i++) {
      const res = await pressSos(failing.app, authorization);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<SecurityAlert>().pressCount).toBe(i);
    }
    expect(logged.some((l) => l.includes('limit store down') && l.includes('sos:'))).toBe(true);
  });

  it('a store that never answers: the press is stored (201) once the bounded wait is over', async () => {
    const authorization = await h.residentAuth('03000000053');
    const res = await pressSos(hung.app, authorization);
    expect(res.statusCode, res.body).toBe(201);
    expect(logged.some((l) => l.includes('no answer within'))).toBe(true);
  });
});
