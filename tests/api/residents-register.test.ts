/**
 * Residents join: `POST /api/resident/register` (rules, 409, generated resident ids,
 * audit row, no secrets), a Pending resident's sign-in and what their token opens (the account
 * routes) and refuses (every service request: 403 'Your account is waiting for approval.'), and
 * `PUT /api/resident/push-token`.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, residents } from '../../src/server/db/schema.js';
import { formatCode } from '../../src/server/modules/resident-auth/registration.js';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { registration as registrationBody } from '../support/factories.js';

let ip = 0;
/** A fresh client address per request: the public routes' rate limit counts per address. */
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;
let phoneSeq = 0;
/** A phone no demo resident has (0399…). */
const newPhone = () => `0399${String(4_000_000 + ++phoneSeq).padStart(7, '0')}`;

const registration = (over: Record<string, unknown> = {}) => registrationBody(newPhone(), over);

describe('resident self-registration', () => {
  const h = useHarness();
  const register = (payload: unknown, remoteAddress = nextIp()) =>
    h.app.inject({ method: 'POST', url: '/api/resident/register', payload: payload as object, remoteAddress });

  it('creates a Pending resident with the next resident id of the society, an argon2 hash and an audit row', async () => {
    const body = registration({
      email: 'zara@mail.test',
      age: 31,
      fatherName: 'Imran Qureshi',
      fatherPhone: '03331234567',
      fm1Name: 'Ali',
      fm1Phone: '03451234567',
    });
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json<{ residentID: string; status: string }>();
    expect(out).toEqual({ residentID: expect.stringMatching(/^GV\d{4}$/), status: 'Pending' });
    expect(res.body).not.toContain('zara-pass-1');
    const [row] = await h.database.db.select().from(residents).where(eq(residents.phone, body.phone));
    expect(row).toMatchObject({
      residentCode: out.residentID,
      status: 'Pending',
      name: 'Zara Qureshi',
      email: 'zara@mail.test',
      age: 31,
      fatherPhone: '03331234567',
      fm2Phone: '',
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const [audit] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'resident'), eq(auditLog.entityId, row!.id)));
    expect(audit).toMatchObject({ action: 'register', actorKind: 'resident', toStage: 'Pending', societyId: row!.societyId });

    // The next one gets the next number; Lake City's prefix is its own.
    const second = (await register(registration())).json<{ residentID: string }>();
    expect(second.residentID).toBe(formatCode('GV', Number(out.residentID.slice(2)) + 1));
    const lake = await register(registration({ societyName: 'lake city' }));
    expect(lake.statusCode).toBe(201);
    expect(lake.json<{ residentID: string }>().residentID).toMatch(/^LC\d{4}$/);
  });

  it('writes at least four digits after the prefix', () => {
    expect(formatCode('GV', 57)).toBe('GV0057');
    expect(formatCode('GV', 12345)).toBe('GV12345');
  });

  it('concurrent registrations get distinct resident ids', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => register(registration())));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const codes = results.map((r) => r.json<{ residentID: string }>().residentID);
    expect(new Set(codes).size).toBe(8);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const before = await h.database.db.$count(residents);
    const cases: [Record<string, unknown>, string][] = [
      [{ societyName: 'Nowhere Towers' }, 'societyName'],
      [{ societyName: '' }, 'societyName'],
      [{ phone: '0300123456' }, 'phone'],
      [{ phone: '030012345678' }, 'phone'],
      [{ phone: '0300-123456' }, 'phone'],
      [{ password: 'short' }, 'password'],
      [{ name: '  ' }, 'name'],
      [{ house: undefined }, 'house'],
      [{ fatherPhone: '12345' }, 'fatherPhone'],
      [{ fm2Phone: '033312345678' }, 'fm2Phone'],
      [{ email: 'not-an-email' }, 'email'],
      [{ age: 0 }, 'age'],
      [{ age: 1.5 }, 'age'],
    ];
    for (const [over, field] of cases) {
      const res = await register(registration(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json<{ field: string }>().field, JSON.stringify(over)).toBe(field);
    }
    expect((await register(registration({ societyName: 'Nowhere Towers' }))).json()).toMatchObject({ message: MSG.residentUnknownSociety });
    expect(await h.database.db.$count(residents)).toBe(before);
  });

  it('a phone already registered (a demo resident, or a new one, in any society) is 409', async () => {
    const taken = await register(registration({ phone: '03100000001' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: MSG.residentPhoneTaken });
    const body = registration();
    expect((await register(body)).statusCode).toBe(201);
    expect((await register({ ...body, societyName: 'Lake City' })).statusCode).toBe(409);
  });

  it('is rate-limited per address like resident sign-in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await register({}, '10.200.0.1')).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses[20]).toBe(429);
  });

  it('a Pending resident signs in; account routes work, every service request is 403 until approved', async () => {
    const body = registration();
    expect((await register(body)).statusCode).toBe(201);
    const authorization = await h.residentAuth(body.phone, body.password);
    const headers = { authorization };
    const me = await h.app.inject({ method: 'GET', url: '/api/resident/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ status: 'Pending', name: body.name, societyName: 'Green Valley' });

    const token = await h.app.inject({ method: 'PUT', url: '/api/resident/push-token', headers, payload: { token: 'device-token-abc' } });
    expect(token.statusCode).toBe(204);
    const [row] = await h.database.db.select({ pushToken: residents.pushToken }).from(residents).where(eq(residents.phone, body.phone));
    expect(row!.pushToken).toBe('device-token-abc');

    const services: [string, string, unknown][] = [
      ['POST', '/api/complain', { complain: 'The lift is broken.' }],
      ['POST', '/api/security', {}],
      ['GET', '/api/resident/complaints', undefined],
      ['GET', '/api/resident/notifications', undefined],
      ['GET', '/api/resident/nothome', undefined],
    ];
    for (const [method, url, payload] of services) {
      const res = await h.app.inject({ method: method as 'GET', url, headers, payload: payload as object });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ message: MSG.residentPending });
    }
    expect((await h.app.inject({ method: 'POST', url: '/api/resident/logout', headers })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'GET', url: '/api/resident/me', headers })).statusCode).toBe(401);
  });

  it('push token: 1–4096 characters, bearer required', async () => {
    const headers = { authorization: await h.residentAuth('03000000009') };
    for (const token of ['', '   ', 'x'.repeat(4097)]) {
      const res = await h.app.inject({ method: 'PUT', url: '/api/resident/push-token', headers, payload: { token } });
      expect(res.statusCode, token.slice(0, 5)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'token' });
    }
    expect((await h.app.inject({ method: 'PUT', url: '/api/resident/push-token', headers, payload: { token: 'y'.repeat(4096) } })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'PUT', url: '/api/resident/push-token', payload: { token: 'z' } })).statusCode).toBe(401);
  });
});
