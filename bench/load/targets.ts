/**
 * What bench/load.ts sends: the staff list requests (both demo societies, weighted), the SOS
 * presses (one template per resident token) — and the checks made through nginx before the run,
 * so no figure is ever taken of requests that fail or return the wrong thing.
 */
import { HIT_WORD } from '../list-scale/columns.js';
import { getList, staffCookie } from '../list-scale/probe.js';
import { SOCIETY_NAMES } from '../list-scale/seed.js';
import type { RequestTemplate } from './protocol.js';
import type { ResidentToken } from './tokens.js';

/** The demo societies' e-mail domains, in SOCIETY_NAMES order. */
const DOMAINS = ['greenvalley.test', 'lakecity.test'] as const;

/** Session cookies by society (SOCIETY_NAMES order) of the complaints desk and of security (button-one). */
export interface StaffCookies {
  complaints: string[];
  security: string[];
}

/** Signs in the complaints and security staff of both demo societies through `base` (nginx). */
export async function signInStaff(base: string, password: string): Promise<StaffCookies> {
  const all = (handle: string) => Promise.all(DOMAINS.map((d) => staffCookie(base, `${handle}@${d}`, password)));
  return { complaints: await all('complaints'), security: await all('security') };
}

/** List kinds and their weights (shares of the list rate, in tenths). */
const LISTS: { label: string; path: string; as: keyof StaffCookies; weight: number }[] = [
  { label: 'complaints new, page 1', path: '/api/complain?stage=new&page=1', as: 'complaints', weight: 3 },
  { label: `complaints search "${HIT_WORD}"`, path: `/api/complain?stage=new&page=1&q=${HIT_WORD}`, as: 'complaints', weight: 3 },
  { label: 'security desk new, page 1', path: '/api/security?stage=new&page=1', as: 'security', weight: 2 },
  { label: 'not-at-home active, page 1', path: '/api/nothome?state=active&page=1', as: 'security', weight: 2 },
];

/**
 * List templates, interleaved by weight and society (20 in rotation; 14 without the search).
 * @param opts.search include the complaint search (default true)
 */
export function listTemplates(cookies: StaffCookies, opts: { search?: boolean } = {}): RequestTemplate[] {
  const kinds = opts.search === false ? LISTS.filter((l) => !l.path.includes('&q=')) : LISTS;
  const out: RequestTemplate[] = [];
  for (let round = 0; round < Math.max(...kinds.map((l) => l.weight)); round++) {
    for (const l of kinds.filter((x) => x.weight > round)) {
      for (const society of SOCIETY_NAMES.keys())
        out.push({ label: l.label, method: 'GET', path: l.path, headers: { cookie: cookies[l.as][society]! }, society });
    }
  }
  return out;
}

/** One SOS press template per resident token (POST /api/security, empty body). */
export function sosTemplates(tokens: readonly ResidentToken[]): RequestTemplate[] {
  return tokens.map((t) => ({
    label: 'SOS press',
    method: 'POST',
    path: '/api/security',
    headers: { authorization: t.authorization },
    body: '{}',
    society: t.society,
  }));
}

/**
 * Checks through nginx, twice each (so both instances answer): every list answers 200 with items,
 * the complaint pages hold 10 rows; one resident token per society reads its alarms (200).
 * @returns lines describing what was checked. @throws on the first failure.
 */
export async function checkTargets(base: string, lists: readonly RequestTemplate[], tokens: readonly ResidentToken[]): Promise<string[]> {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const t of lists) {
    const key = `${t.label}/${t.society}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (let i = 0; i < 2; i++) {
      const a = await getList(base, t.path, t.headers.cookie!);
      const rowsOk = !t.path.startsWith('/api/complain') || a.ids.length === 10;
      if (a.status !== 200 || !rowsOk) throw new Error(`check ${t.label} (${SOCIETY_NAMES[t.society]}): HTTP ${a.status}, ${a.ids.length} rows`);
      if (i === 1) lines.push(`ok ${t.label} (${SOCIETY_NAMES[t.society]}): ${a.ids.length} rows, total ${a.total ?? '?'}`);
    }
  }
  for (const society of SOCIETY_NAMES.keys()) {
    const token = tokens.find((t) => t.society === society);
    const res = token && (await fetch(`${base}/api/resident/alarms`, { headers: { authorization: token.authorization } }));
    if (res?.status !== 200) throw new Error(`check resident token (${SOCIETY_NAMES[society]}): HTTP ${res?.status ?? 'no token'}`);
    lines.push(`ok minted resident token (${SOCIETY_NAMES[society]}): GET /api/resident/alarms 200`);
  }
  return lines;
}
