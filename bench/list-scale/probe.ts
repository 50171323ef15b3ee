/**
 * HTTP helpers of bench/list-scale.ts: staff sign-in, the warm-up requests (whose answers are
 * checked, so a figure is never taken of a query that returns the wrong thing) and the keyset
 * cursor detection.
 */

/** Signs a staff member in; @returns the `sd_session=…` cookie. @throws unless 200. */
export async function staffCookie(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/society/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`staff sign-in ${email}: HTTP ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sd_session='));
  if (!cookie) throw new Error(`staff sign-in ${email}: no sd_session cookie`);
  return cookie.split(';')[0]!;
}

/** A list answer as the bench reads it: the ids of its items, the items as JSON text, `total` if any. */
export interface ListAnswer {
  status: number;
  ids: number[];
  texts: string[];
  total?: number;
}

/** GET `path` with the cookie. */
export async function getList(base: string, path: string, cookie: string): Promise<ListAnswer> {
  const res = await fetch(base + path, { headers: { cookie } });
  const body: unknown = await res.json().catch(() => null);
  const items = typeof body === 'object' && body !== null && 'items' in body && Array.isArray(body.items) ? (body.items as unknown[]) : [];
  const ids = items.map((i) => (typeof i === 'object' && i !== null && '_id' in i ? Number(i._id) : Number.NaN));
  const total = typeof body === 'object' && body !== null && 'total' in body && typeof body.total === 'number' ? body.total : undefined;
  return { status: res.status, ids, texts: items.map((i) => JSON.stringify(i).toLowerCase()), total };
}

/**
 * Warm-up: sequential requests until at least `min` were made and `minMs` passed (at most 60 s).
 * @returns the last answer.
 */
export async function warmUp(base: string, path: string, cookie: string, min = 3, minMs = 1000): Promise<ListAnswer> {
  const started = performance.now();
  let last: ListAnswer | undefined;
  for (let i = 0; i < min || (performance.now() - started < minMs && performance.now() - started < 60_000); i++) {
    last = await getList(base, path, cookie);
  }
  return last!;
}

/**
 * Whether the list API takes keyset cursors: `?after=<id of row 10>` must start at row 11 (today's
 * API ignores `after` and starts at row 1).
 */
export async function detectCursor(
  base: string,
  cookie: string,
  ids: { first: number; tenth: number; eleventh: number },
): Promise<{ supported: boolean; how: string }> {
  const a = await getList(base, `/api/complain?stage=new&after=${ids.tenth}`, cookie);
  if (a.status === 200 && a.ids[0] === ids.eleventh) return { supported: true, how: `detected (?after=${ids.tenth} starts at row 11)` };
  if (a.status === 200 && a.ids[0] === ids.first) return { supported: false, how: 'not detected (?after= is ignored: offset pages only)' };
  return { supported: false, how: `unclear (?after= answered HTTP ${a.status}, first id ${a.ids[0]}): offset pages only` };
}
