/**
 * Generated bad input: property-based requests (fast-check) to every
 * write endpoint and every list query of tests/support/input-endpoints.ts — at least 10,000 per
 * run. For each: never a 5xx; on any 4xx, nothing written (tests/support/write-marker.ts), except
 * where an entry says why its refusal is itself recorded (`writesWhenRefused`: a failed sign-in).
 *
 * Adding a module: add its routes to INPUT_ENDPOINTS (one entry each); the coverage test below
 * fails until every write route and every GET with query parameters has an entry.
 * No background job may write during the loop: the harness starts none (the outbox is drained
 * explicitly after each 2xx that wrote), every caller signs in once, before the loop, and the
 * clock does not move (sessions stay valid).
 * A failure prints fast-check's seed and the shrunk request; FC_SEED=<seed> replays a run.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { INPUT_ENDPOINTS, type Caller, type GeneratedRequest, type InputEndpoint } from '../support/input-endpoints.js';
import { SUITE_RESIDENT } from '../support/input-endpoints/resident-account.js';
import { writeMarker } from '../support/write-marker.js';
import { residents } from '../../src/server/db/schema.js';
import { eq } from 'drizzle-orm';
import { useHarness } from './harness.js';

const MIN_CASES = 10_000;
/** Cases per endpoint, by weight: the total stays at MIN_CASES or more however many entries there are. */
const PER_WEIGHT = MIN_CASES / INPUT_ENDPOINTS.reduce((sum, e) => sum + (e.weight ?? 1), 0);
const runsOf = (e: InputEndpoint) => Math.max(100, Math.ceil((e.weight ?? 1) * PER_WEIGHT));
const TOTAL_RUNS = INPUT_ENDPOINTS.reduce((sum, e) => sum + runsOf(e), 0);
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const RESIDENT_PHONE = SUITE_RESIDENT.phone;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** How the body goes over the wire: JSON mostly, sometimes broken JSON or the wrong type. */
const encoding = fc.constantFrom('json', 'json', 'json', 'json', 'json', 'json', 'broken-json', 'text');

describe('generated bad input: no 5xx, nothing written on a 4xx', () => {
  // Input handling, not the rate limits (tests/api/rate-limits.test.ts): room for every generated case.
  const h = useHarness({
    PANEL_MAX_BROADCASTS_PER_HOUR: '10000',
    PANEL_MAX_PUSHES_PER_MINUTE: '10000',
    MEDIA_MAX_UPLOADS_PER_MINUTE: '10000',
    BILL_MAX_IMPORTS_PER_MINUTE: '10000',
  });
  let marker: () => Promise<string>;
  const headersFor = new Map<string, Record<string, string>>();
  let cases = 0;
  /** The marker read after the previous case (undefined: read it again). */
  let last: string | undefined;

  beforeAll(async () => {
    marker = await writeMarker(h.database);
    const [own] = await h.database.db.select({ id: residents.id }).from(residents).where(eq(residents.phone, RESIDENT_PHONE));
    SUITE_RESIDENT.rowId = own!.id;
    for (const e of INPUT_ENDPOINTS) {
      const key = callerKey(e.as);
      if (headersFor.has(key)) continue;
      if (e.as === 'anonymous') headersFor.set(key, {});
      else if (e.as === 'resident') headersFor.set(key, { authorization: await h.residentAuth(RESIDENT_PHONE) });
      else headersFor.set(key, { cookie: await h.staffCookie(e.as.staff) });
    }
  });

  function callerKey(c: Caller): string {
    return typeof c === 'string' ? c : `staff:${c.staff}`;
  }

  async function send(method: Method, as: Caller, r: GeneratedRequest, enc: string, ip: string) {
    const headers: Record<string, string> = { ...headersFor.get(callerKey(as)), ...r.headers };
    let payload: string | undefined;
    if (r.body !== undefined) {
      const json = JSON.stringify(r.body) ?? 'null';
      payload = enc === 'broken-json' ? json.slice(0, Math.max(0, json.length - 1)) + '\u0000' : json;
      headers['content-type'] = enc === 'text' ? 'text/plain' : 'application/json';
    }
    // A new address each time: the sign-in throttles count per address.
    return h.app.inject({ method, url: r.url, headers, payload, remoteAddress: ip });
  }

  it('covers every write route and every list query of the OpenAPI document', () => {
    const doc = h.app.swagger() as { paths?: Record<string, Record<string, { parameters?: { in: string }[] }>> };
    const needed: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(ops)) {
        const m = method.toUpperCase();
        const hasQuery = (op.parameters ?? []).some((p) => p.in === 'query');
        if (m !== 'GET' && m !== 'HEAD' && m !== 'OPTIONS') needed.push(`${m} ${path}`);
        else if (m === 'GET' && hasQuery) needed.push(`GET ${path.replace(/\/$/, '')}`);
      }
    }
    const have = new Set(INPUT_ENDPOINTS.map((e) => e.route));
    expect([...new Set(needed)].filter((r) => !have.has(r))).toEqual([]);
    expect(needed.length).toBeGreaterThanOrEqual(10);
  });

  it('a NUL byte or a lone surrogate anywhere is a 400 naming the field, before anything is written', async () => {
    const resident = headersFor.get('resident')!;
    const staff = headersFor.get(callerKey({ staff: 'security@greenvalley.test' }))!;
    const checks: [string, InjectOptions, string, string][] = [
      ['complaint text', { method: 'POST', url: '/api/complain', headers: resident, payload: { complain: 'Leak\u0000' } }, 'complain', MSG.textNul],
      ['search q', { method: 'GET', url: '/api/nothome?q=a%00b', headers: staff }, 'q', MSG.textNul],
      [
        'guard name',
        { method: 'PUT', url: '/api/nothome/update/1', headers: staff, payload: { guardName: 'As\uD800lam', guardPhone: '03001234567', guardEmail: 'a@b.co' } },
        'guardName',
        MSG.textBrokenCharacter,
      ],
      [
        'nested extra field',
        { method: 'POST', url: '/api/nothome', headers: resident, payload: { from: '2030-01-01', to: '2030-01-02', x: [{ y: '\u0000' }] } },
        'x.0.y',
        MSG.textNul,
      ],
      ['SOS text', { method: 'POST', url: '/api/security', headers: resident, payload: { securityComplain: '\u0000' } }, 'securityComplain', MSG.textNul],
    ];
    for (const [what, req, field, message] of checks) {
      const before = await marker();
      const res = await h.app.inject(req);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ field, message });
      expect(await marker(), what).toBe(before);
    }
    // The marker does see a write: the same request without the NUL is stored and moves it.
    const before = await marker();
    const ok = await h.app.inject({ method: 'POST', url: '/api/complain', headers: resident, payload: { complain: 'Leak' } });
    expect(ok.statusCode).toBe(201);
    expect(await marker()).not.toBe(before);
  });

  it('a malformed Idempotency-Key on every write route is a 4xx, and nothing is written', async () => {
    const malformed = fc.constantFrom('', ' ', 'has space', 'caf\u00e9', 'tab\tkey', '"unclosed', '"a"b"', '"\\"', 'x'.repeat(256), `"${'y'.repeat(256)}"`);
    const writes = INPUT_ENDPOINTS.filter((e) => !e.route.startsWith('GET '));
    let namedKey = 0;
    for (const e of writes) {
      const method = e.route.split(' ')[0] as Method;
      // A fixed seed unless FC_SEED is given: the count below is then the same on every run.
      for (const [r, key] of fc.sample(fc.tuple(e.request, malformed), { numRuns: 4, seed: SEED ?? 40 })) {
        const before = await marker();
        const res = await send(method, e.as, { ...r, headers: { ...r.headers, 'idempotency-key': key } }, 'json', '10.40.0.1');
        const what = `${e.route} ${JSON.stringify(key)} → ${res.statusCode} ${res.body}`;
        expect(res.statusCode >= 400 && res.statusCode < 500, what).toBe(true);
        if (!e.writesWhenRefused) expect(await marker(), what).toBe(before);
        if (res.json<{ field?: string }>().field === 'Idempotency-Key') namedKey++;
      }
    }
    // Many generated requests pass the body's checks, so the key's check is what refuses them.
    expect(namedKey).toBeGreaterThan(writes.length / 2);
    last = undefined;
  });

  for (const e of INPUT_ENDPOINTS) {
    it(`${e.route} (${runsOf(e)} generated requests)`, async () => {
      const method = e.route.split(' ')[0] as Method;
      last = undefined;
      await fc.assert(
        fc.asyncProperty(e.request, encoding, fc.ipV4(), async (r, enc, ip) => {
          cases++;
          // The reading after the previous case is this one's "before": one read per case.
          const before = (last ??= await marker());
          const res = await send(method, e.as, r, enc, ip);
          if (res.statusCode >= 500) {
            last = undefined;
            throw new Error(`${res.statusCode} ${res.body}`);
          }
          if (res.statusCode >= 400) {
            const after = (last = await marker());
            if (after !== before && !e.writesWhenRefused) throw new Error(`${res.statusCode} ${res.body} but something was written (${before} → ${after})`);
          } else if ((last = await marker()) !== before) {
            // The 2xx wrote, so it may have queued a push and poked the outbox: let that drain
            // finish before the next case's reading, then read afresh.
            await h.outbox.poke();
            last = await marker();
          }
        }),
        { numRuns: runsOf(e), seed: SEED },
      );
    }, 120_000);
  }

  // Last: a generated case that ended a caller's session (a password change or reset of the suite's
  // resident, a staff sign-out) would have turned every later case into a 401 and proved nothing.
  it('every caller is still signed in after the generated cases', async () => {
    const answers = [];
    for (const [key, headers] of headersFor) {
      if (key === 'anonymous') continue;
      const url = key === 'resident' ? '/api/resident/me' : '/api/society/me';
      answers.push(`${key} → ${(await h.app.inject({ method: 'GET', url, headers })).statusCode}`);
    }
    expect(answers.length).toBeGreaterThan(1);
    expect(answers).toEqual(answers.map((a) => a.replace(/\d+$/, '200')));
  });

  it(`runs at least ${MIN_CASES} generated cases in all`, () => {
    expect(TOTAL_RUNS).toBeGreaterThanOrEqual(MIN_CASES);
    expect(cases).toBe(TOTAL_RUNS);
  });
});
