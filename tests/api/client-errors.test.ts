/**
 * POST /api/client-errors: a browser app's error report becomes one warn line of the server's log
 * (nothing stored); public, bounded, from the app's own pages, limited per address and per session.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_SIGN_INS } from '../../src/server/seed/demo.js';
import { CLIENT_ERROR_MAX } from '../../src/shared/contracts/client-errors.js';
import { writeMarker } from '../support/write-marker.js';
import { useHarness } from './harness.js';

const REPORT = { app: 'dashboard', kind: 'screen', path: '/Complaints', message: 'Failed to fetch dynamically imported module', chunkLoad: true };

describe('client error reports', () => {
  const h = useHarness({ CLIENT_ERRORS_PER_MINUTE: '3', CLIENT_ERRORS_PER_ADDRESS_PER_MINUTE: '200' });
  let address = 0;
  /** Each test its own address, so the per-address window of one does not reach another. */
  const nextAddress = () => `10.41.0.${++address}`;
  const send = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = nextAddress()) =>
    h.app.inject({ method: 'POST', url: '/api/client-errors', payload: payload as object, headers, remoteAddress });

  afterEach(() => vi.restoreAllMocks());

  it('answers 204 without a session and writes one warn line with the fields', async () => {
    const warn = vi.spyOn(h.app.log, 'warn');
    const res = await send({ ...REPORT, stack: 'Error: x\n    at a (b.js:1:1)', release: 'index-abc123.js' });
    expect(res.statusCode).toBe(204);
    expect(warn).toHaveBeenCalledTimes(1);
    const [fields, line] = warn.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(fields).toMatchObject({ clientError: { ...REPORT, stack: 'Error: x\n    at a (b.js:1:1)', release: 'index-abc123.js' }, ip: expect.any(String) });
    expect(line).toContain('/Complaints');
  });

  it('refuses bad input with 400 naming the field, never 5xx, and logs nothing', async () => {
    const warn = vi.spyOn(h.app.log, 'warn');
    const cases: [unknown, string][] = [
      [{ ...REPORT, app: 'other' }, 'app'],
      [{ ...REPORT, kind: 7 }, 'kind'],
      [{ ...REPORT, path: 'no-slash' }, 'path'],
      [{ ...REPORT, message: '' }, 'message'],
      [{ ...REPORT, message: 'x'.repeat(CLIENT_ERROR_MAX.message + 1) }, 'message'],
      [{ ...REPORT, stack: 'x'.repeat(CLIENT_ERROR_MAX.stack + 1) }, 'stack'],
      [{ ...REPORT, chunkLoad: 'yes' }, 'chunkLoad'],
      [{ ...REPORT, message: 'a\u0000b' }, 'message'],
    ];
    for (const [payload, field] of cases) {
      const res = await send(payload);
      expect(`${res.statusCode} ${res.json<{ field?: string }>().field}`, JSON.stringify(payload).slice(0, 80)).toBe(`400 ${field}`);
    }
    const tooBig = await send({ ...REPORT, stack: 'x'.repeat(20_000) });
    expect(tooBig.statusCode).toBe(413);
    expect(warn).not.toHaveBeenCalled();
  });

  it('refuses a report from a foreign page with 403', async () => {
    const res = await send(REPORT, { host: 'desk.test:3000', origin: 'http://evil.test' });
    expect(res.statusCode).toBe(403);
  });

  it('limits each session to CLIENT_ERRORS_PER_MINUTE, whatever the address; another session still reports', async () => {
    const cookie = await h.staffCookie('complaints@greenvalley.test');
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await send(REPORT, { cookie })).statusCode);
    expect(codes).toEqual([204, 204, 204, 429]);
    expect((await send(REPORT, { cookie: 'sd_session=another' })).statusCode).toBe(204);
    h.clock.advance(61_000);
    expect((await send(REPORT, { cookie })).statusCode).toBe(204);
  });

  it('limits each address, whatever the session (CLIENT_ERRORS_PER_ADDRESS_PER_MINUTE)', async () => {
    const ip = nextAddress();
    const codes = [];
    // A made-up session each time: only the address holds them.
    for (let i = 0; i < 201; i++) codes.push((await send(REPORT, { cookie: `sd_session=made-up-${i}` }, ip)).statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(200);
    expect(codes.at(-1)).toBe(429);
  });

  // Row security: the module has no table and no repo, so there is no society's row to scope; this
  // holds it to that (a report that started storing would need a policy and a test in row-level-security/).
  it('writes no row of any table, signed in to a society or not', async () => {
    const cookie = await h.staffCookie('security@lakecity.test');
    const marker = await writeMarker(h.database);
    const before = await marker();
    expect((await send(REPORT, { cookie })).statusCode).toBe(204);
    expect((await send(REPORT)).statusCode).toBe(204);
    expect(await marker()).toBe(before);
  });

  it('is open to every sub-role and to a resident (the sub-role matrix)', async () => {
    const answers = [];
    for (const { email, subRole } of DEMO_SIGN_INS) {
      const cookie = await h.staffCookie(email);
      answers.push(`${subRole} → ${(await send({ ...REPORT, path: '/Home' }, { cookie })).statusCode}`);
    }
    const resident = await h.residentAuth('03000000003');
    answers.push(`resident → ${(await send({ ...REPORT, app: 'resident', path: '/app/services' }, { authorization: resident })).statusCode}`);
    expect(answers).toEqual([...DEMO_SIGN_INS.map(({ subRole }) => `${subRole} → 204`), 'resident → 204']);
  });
});
