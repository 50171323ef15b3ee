/**
 * Resident simulator: signs in as demo residents and files complaints, SOS alarms, not-at-home
 * requests, grocery requests or doctor consultation requests through the public resident API,
 * exactly as the mobile app would (HTTP only, no database access).
 *
 *   npm run simulate -- [--sos | --not-home [--then cancel|arrive|mix] | --grocery | --doctor]
 *                       [--url URL] [--society gv|lc|both] [--count N] [--rate R] [--residents K]
 *                       [--password PW]
 *
 * Examples: npm run simulate -- --society both --count 20 --rate 2
 *           npm run simulate -- --sos --count 1
 *           npm run simulate -- --not-home --count 6 --then mix
 *           npm run simulate -- --grocery --count 3      (POST /api/grocery {list})
 *           npm run simulate -- --doctor --count 2       (POST /api/doctor {description})
 *
 * Demo resident phones are 0300000000N (Green Valley) and 0310000000N (Lake City), N from 1.
 * Blocked residents (login 403) are skipped in favour of the next phone. The run stops after
 * --count requests and prints one line per request, then a summary. Exit code 1 when the
 * server cannot be reached or any request was not accepted.
 */
import { parseArgs } from 'node:util';
import { calendarDay } from '../src/shared/calendar.js';
import { DEFAULT_TIME_ZONE } from '../src/shared/constants.js';

const HELP = `Usage: npm run simulate -- [options]

  (default)          file complaints
  --sos              press SOS: raise security alarms (POST /api/security)
  --not-home          file not-at-home requests (from today, 1 to 7 days)
  --then WHAT        with --not-home, right after filing: cancel | arrive | mix
                     (mix: cancel one, report arrival of the next, leave the third active)
  --grocery          file grocery requests with a shopping list (POST /api/grocery)
  --doctor           file doctor consultation requests (POST /api/doctor)
  --url URL          server base URL (default http://127.0.0.1:\${PORT || 3000})
  --society S        gv | lc | both (default gv)
  --count N          requests to file, then stop (default 5)
  --rate R           requests per second (default 1)
  --residents K      distinct demo residents to sign in as, per society (default 5)
  --password PW      resident password (default demo-pass-1)
  -h, --help         show this help`;

/** What the simulated residents do. */
type Mode = 'complaint' | 'sos' | 'notHome' | 'grocery' | 'doctor';
type Then = 'none' | 'cancel' | 'arrive' | 'mix';
/** How the output names what a mode files (plural). */
const FILED: Record<Mode, string> = {
  complaint: 'complaints',
  sos: 'SOS alarms',
  notHome: 'not-at-home requests',
  grocery: 'grocery requests',
  doctor: 'doctor requests',
};

const SOCIETIES = {
  gv: { name: 'Green Valley', phonePrefix: '0300' },
  lc: { name: 'Lake City', phonePrefix: '0310' },
} as const;
type SocietyKey = keyof typeof SOCIETIES;

const COMPLAINTS = [
  'Water leakage in the street outside my house since this morning.',
  'Streetlight near my house is not working.',
  'Garbage has not been collected for two days.',
  'Neighbours are playing loud music late at night.',
  'Gas pressure is very low in the morning.',
  'Stray dogs near the park are scaring children.',
  'A car is blocking my gate every evening.',
  'Sewerage is overflowing at the corner of my street.',
];

/** What the resident needs (ZFileGrocery `list`: optional, at most 2,000 characters; '' = just the button). */
const GROCERY_LISTS = [
  'Basmati rice 5 kg, cooking oil 1 liter, eggs 1 dozen',
  'Milk 2 liters, bread 1 packet',
  'Tomatoes 1 kg, onions 2 kg, potatoes 3 kg',
  '',
];

/** Why the resident wants a doctor (ZFileDoctor `description`: optional, at most 2,000 characters). */
const DOCTOR_DESCRIPTIONS = ['Fever and sore throat since yesterday.', 'Need a blood pressure check for my mother.', 'Child has a rash on both arms.', ''];

const REQUEST_TIMEOUT_MS = 10_000;

interface Session {
  token: string;
  residentId: string;
  name: string;
  societyName: string;
}

/** Thrown when the server cannot be reached at all (refused, DNS, timeout). */
class ServerDown extends Error {}

async function post(url: string, body: unknown, token?: string, method = 'POST'): Promise<{ status: number; json: unknown; ms: number }> {
  const started = performance.now();
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
    throw new ServerDown(`cannot reach ${url} (${cause})`);
  }
  const json: unknown = await res.json().catch(() => null);
  return { status: res.status, json, ms: Math.round(performance.now() - started) };
}

const messageOf = (json: unknown): string => (typeof json === 'object' && json !== null && 'message' in json ? String(json.message) : '');

/** Signs in as up to `wanted` residents of a society, skipping blocked ones. */
async function signIn(base: string, key: SocietyKey, wanted: number, password: string): Promise<Session[]> {
  const sessions: Session[] = [];
  const maxPhones = wanted + 20; // room to skip blocked residents
  for (let n = 1; n <= maxPhones && sessions.length < wanted; n++) {
    const phone = SOCIETIES[key].phonePrefix + String(n).padStart(7, '0');
    const { status, json } = await post(`${base}/api/resident/login`, { phone, password });
    if (status === 200) {
      const body = json as { token: string; resident: { residentId: string; name: string; societyName: string } };
      sessions.push({ token: body.token, ...body.resident });
    } else if (status === 403) {
      console.log(`skip ${phone}: blocked (${messageOf(json) || 403})`);
    } else {
      // 401/404 and the like: no such demo resident (or wrong password), so stop looking.
      console.log(`stop at ${phone}: HTTP ${status} ${messageOf(json)}`.trimEnd());
      break;
    }
  }
  return sessions;
}

/** Files one action as the given resident; returns the HTTP status and the new record's id. */
async function act(mode: Mode, base: string, s: Session, i: number, then: Then) {
  const idOf = (r: { status: number; json: unknown }) => (r.status === 201 ? `#${(r.json as { _id?: unknown })._id}` : messageOf(r.json) || '-');
  switch (mode) {
    case 'complaint': {
      const complain = COMPLAINTS[i % COMPLAINTS.length]!;
      const r = await post(`${base}/api/complain`, { complain }, s.token);
      return { ...r, what: 'complaint', id: idOf(r) };
    }
    case 'sos': {
      const r = await post(`${base}/api/security`, {}, s.token);
      return { ...r, what: 'SOS alarm', id: idOf(r) };
    }
    case 'grocery': {
      const r = await post(`${base}/api/grocery`, { list: GROCERY_LISTS[i % GROCERY_LISTS.length]! }, s.token);
      return { ...r, what: 'grocery request', id: idOf(r) };
    }
    case 'doctor': {
      const r = await post(`${base}/api/doctor`, { description: DOCTOR_DESCRIPTIONS[i % DOCTOR_DESCRIPTIONS.length]! }, s.token);
      return { ...r, what: 'doctor request', id: idOf(r) };
    }
    case 'notHome': {
      const day = (offset: number) => calendarDay(new Date(Date.now() + offset * 86_400_000), DEFAULT_TIME_ZONE);
      const r = await post(`${base}/api/nothome`, { from: day(0), to: day(1 + (i % 7)) }, s.token);
      const end = then === 'mix' ? (['cancel', 'arrive', 'none'] as const)[i % 3]! : then;
      let after = '';
      if (r.status === 201 && end !== 'none') {
        const id = (r.json as { _id: number })._id;
        const e = await post(`${base}/api/nothome/${id}/${end === 'cancel' ? 'cancel' : 'arrived'}`, {}, s.token, 'PUT');
        after = e.status === 200 ? (end === 'cancel' ? ', then cancelled' : ', then arrived') : `, then ${end} failed: HTTP ${e.status}`;
      }
      return { ...r, what: 'not-at-home', id: idOf(r) + after };
    }
  }
}

function numberFlag(value: string | undefined, name: string, fallback: number, integer = false): number {
  const n = value === undefined ? fallback : Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    console.error(`--${name} must be a positive ${integer ? 'whole ' : ''}number`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT || 3000}` },
      society: { type: 'string', default: 'gv' },
      count: { type: 'string', default: '5' },
      rate: { type: 'string', default: '1' },
      residents: { type: 'string', default: '5' },
      password: { type: 'string', default: 'demo-pass-1' },
      sos: { type: 'boolean', default: false },
      'not-home': { type: 'boolean', default: false },
      grocery: { type: 'boolean', default: false },
      doctor: { type: 'boolean', default: false },
      then: { type: 'string', default: 'none' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const base = values.url.replace(/\/+$/, '');
  const keys: SocietyKey[] = values.society === 'both' ? ['gv', 'lc'] : values.society === 'gv' || values.society === 'lc' ? [values.society] : [];
  if (keys.length === 0) {
    console.error(`--society must be gv, lc or both (got '${values.society}')\n\n${HELP}`);
    return 2;
  }
  const count = numberFlag(values.count, 'count', 5, true);
  const rate = numberFlag(values.rate, 'rate', 1);
  const perSociety = numberFlag(values.residents, 'residents', 5, true);
  const chosen = { sos: values.sos, notHome: values['not-home'], grocery: values.grocery, doctor: values.doctor };
  const modes = (['sos', 'notHome', 'grocery', 'doctor'] as const).filter((m) => chosen[m]);
  if (modes.length > 1) {
    console.error('Choose one of --sos, --not-home, --grocery and --doctor.');
    return 2;
  }
  const mode: Mode = modes[0] ?? 'complaint';
  const then = values.then as Then;
  if (!['none', 'cancel', 'arrive', 'mix'].includes(then)) {
    console.error(`--then must be cancel, arrive or mix (got '${values.then}')`);
    return 2;
  }

  let sessions: Session[] = [];
  for (const key of keys) sessions.push(...(await signIn(base, key, perSociety, values.password)));
  if (sessions.length === 0) {
    console.error('No resident could sign in. Was the database seeded with the demo data?');
    return 1;
  }
  // Interleave societies so `--society both` alternates between them.
  if (keys.length > 1) sessions = sessions.sort((a, b) => a.residentId.slice(2).localeCompare(b.residentId.slice(2)));
  console.log(`Signed in as ${sessions.length} resident(s); filing ${count} ${FILED[mode]} at ${rate}/s against ${base}`);

  const started = performance.now();
  const results: { ok: boolean; ms: number }[] = [];
  let down: string | null = null;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count && down === null; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (down !== null) break;
    const s = sessions[i % sessions.length]!;
    inFlight.push(
      act(mode, base, s, i, then).then(
        (r) => {
          const time = new Date().toTimeString().slice(0, 8);
          console.log(`${time}  ${s.residentId} ${s.name.padEnd(20)}  ${s.societyName.padEnd(12)}  ${r.what} ${r.id}  HTTP ${r.status}  ${r.ms} ms`);
          results.push({ ok: r.status === 201, ms: r.ms });
        },
        (err: unknown) => {
          if (!(err instanceof ServerDown)) throw err;
          down ??= err.message;
        },
      ),
    );
  }
  await Promise.all(inFlight);

  const ok = results.filter((r) => r.ok).length;
  const avg = results.length ? Math.round(results.reduce((t, r) => t + r.ms, 0) / results.length) : 0;
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  if (down !== null) console.error(`Server unreachable: ${down}. Is it running (npm start)?`);
  console.log(
    `Summary: ${ok}/${count} ${FILED[mode]} accepted, ${results.length - ok} refused, ${count - results.length} not sent; ${sessions.length} resident(s); ${secs} s; avg round-trip ${avg} ms`,
  );
  return down !== null || ok < count ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ServerDown) console.error(`Server unreachable: ${err.message}. Is it running (npm start)?`);
    else console.error(err);
    process.exit(1);
  },
);
