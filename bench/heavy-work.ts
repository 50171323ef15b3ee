/**
 * Heavy work off the request thread: does a spreadsheet import stall alarms? Starts its own
 * server (PGlite in a temporary DATA_DIR, or --pg-url), then measures, first on a quiet server and
 * then while spreadsheets are posted to `POST /api/bills/import` without pause (a 1 GB zip bomb
 * and a genuine 20,000-row .xlsx, one after the other):
 *   - GET /api/health response time (one request every 50 ms);
 *   - SOS press → 'receive-security' on a staff socket (one alarm every 100 ms, each
 *     acknowledged before the next, as bench/list-scale/alarms.ts does);
 *   - the server's resident memory (VmRSS of the instance, sampled every 200 ms).
 * Prints p50/p99/max of both probes in each phase, the ratios loaded p99 / quiet p99 and the RSS
 * growth (peak while loaded − RSS at the end of the quiet phase). Goal: both ratios ≤ 2 and RSS
 * growth ≤ 300 MB. Also prints the answers the imports got (status → count).
 *
 *   npx tsx bench/heavy-work.ts [--quiet-s 20] [--load-s 40] [--port 3700] [--label run] [--import-limit 1000]
 *   npx tsx bench/heavy-work.ts --pg-url postgres://postgres@127.0.0.1:5432/bench_heavy
 *
 * With --pg-url the database is DROPPED and recreated (its name must start with 'bench'). The
 * fixtures are made here (no binary committed): the bomb is one deflated entry of ~1 GiB of
 * spaces named xl/worksheets/sheet1.xml beside a small xl/workbook.xml, ~1 MB on the wire. The
 * machine may be shared: compare the ratios, which are taken within one run.
 */
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { billSheet, multipartBody } from '../e2e/fixtures/bill-sheets.js';
import { zipBomb } from '../e2e/fixtures/zip-bomb.js';
import { startInstance, stopProcess } from '../scripts/cluster/instances.js';
import { DEMO_PASSWORD } from '../src/server/seed/demo.js';
import { connectDesk, residentTokens } from './list-scale/alarms.js';
import { pct } from './list-scale/load.js';
import { staffCookie } from './list-scale/probe.js';
import { freshDatabase } from './fresh-database.js';

const { values } = parseArgs({
  options: {
    'quiet-s': { type: 'string', default: '20' },
    'load-s': { type: 'string', default: '40' },
    port: { type: 'string', default: '3700' },
    'pg-url': { type: 'string' },
    'bomb-mib': { type: 'string', default: '1024' },
    label: { type: 'string', default: 'run' },
    // Raised by default so every import is read and parsed (the heavy work measured here), not
    // refused by BILL_MAX_IMPORTS_PER_MINUTE; give 10 (the default) to measure a flood of refusals.
    'import-limit': { type: 'string', default: '1000' },
  },
});
const quietMs = Number(values['quiet-s']) * 1000;
const loadMs = Number(values['load-s']) * 1000;
const port = Number(values.port);
const pgUrl = values['pg-url'];
if (pgUrl && !new URL(pgUrl).pathname.slice(1).startsWith('bench')) throw new Error('--pg-url: the database name must start with "bench" (it is dropped)');

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p99: pct(s, 99), max: s.at(-1) ?? Number.NaN };
};
const fmt = (x: { n: number; p50: number; p99: number; max: number }) => `n=${x.n} p50 ${x.p50.toFixed(1)} p99 ${x.p99.toFixed(1)} max ${x.max.toFixed(1)} ms`;

console.log(
  `heavy work (${values.label}) ${new Date().toISOString()}; load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')} on ${availableParallelism()} CPUs (machine may be shared)`,
);
const bomb = await zipBomb({ mib: Number(values['bomb-mib']) });
const sheetRows = Array.from({ length: 20_000 }, (_, i) => ({
  Index: i + 1,
  Name: `Resident ${i + 1}`,
  Address: `House ${i + 1}, Street ${(i % 12) + 1}, Block X`,
  Block: '',
  Units: 100 + (i % 400),
  Rate: i % 10 === 0 ? 50 : '',
}));
const sheet = billSheet(sheetRows);
console.log(
  `fixtures: zip bomb ${(bomb.length / 1e6).toFixed(2)} MB → ${values['bomb-mib']} MiB inflated; 20,000-row sheet ${(sheet.length / 1e6).toFixed(2)} MB`,
);

const dataDir = pgUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'heavy-bench-'));
if (pgUrl) await freshDatabase(pgUrl);
const instance = await startInstance({
  name: 'A',
  port,
  env: {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SOS_MAX_PRESSES_PER_MINUTE: '1000',
    BILL_MAX_IMPORTS_PER_MINUTE: values['import-limit'],
    DATABASE_URL: pgUrl,
    DATA_DIR: dataDir,
  },
  output: (line) => void (line.trim() && /"level":(4|5|6)0|error/i.test(line) && console.error(`  [A] ${line.slice(0, 300)}`)),
});
const base = instance.url;
const pid = instance.child.pid!;
try {
  const security = await staffCookie(base, 'security@greenvalley.test', DEMO_PASSWORD);
  const billing = await staffCookie(base, 'billing@greenvalley.test', DEMO_PASSWORD);
  const residents = await residentTokens(base, DEMO_PASSWORD, 20);
  const desk = await connectDesk(base, security);

  let stop = false;
  const health: number[] = [];
  const sos: number[] = [];
  let lostAlarms = 0;
  const healthProbe = async () => {
    while (!stop) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      health.push(performance.now() - t0);
      await sleep(50);
    }
  };
  const sosProbe = async () => {
    for (let i = 0; !stop; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/security`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: residents[i % residents.length]! },
        body: '{}',
      });
      if (res.status !== 201) throw new Error(`SOS press: HTTP ${res.status} ${await res.text()}`);
      const { _id } = (await res.json()) as { _id: number };
      const at = await desk.eventOf(_id, 30_000);
      if (at === undefined) lostAlarms++;
      else sos.push(at - t0);
      const ack = await fetch(`${base}/api/security/${_id}/acknowledge`, { method: 'POST', headers: { cookie: security } });
      if (ack.status !== 200) throw new Error(`acknowledge: HTTP ${ack.status}`);
      await sleep(100);
    }
  };
  const phase = async (ms: number, extra: () => Promise<void>) => {
    stop = false;
    health.length = 0;
    sos.length = 0;
    const probes = [healthProbe(), sosProbe(), extra()];
    await sleep(ms);
    stop = true;
    await Promise.all(probes);
    return { health: summary(health), sos: summary(sos) };
  };

  // Warm-up: the first requests load code paths (and the import's, once).
  const warm = multipartBody(billSheet(sheetRows.slice(0, 10)));
  await fetch(`${base}/api/bills/import`, {
    method: 'POST',
    headers: { cookie: billing, 'content-type': warm.contentType },
    body: new Uint8Array(warm.payload),
  });
  await phase(3000, async () => undefined);

  const quiet = await phase(quietMs, async () => undefined);
  const rssQuiet = rssMb(pid);
  let rssPeak = rssQuiet;
  const answers = new Map<string, number>();
  const loaded = await phase(loadMs, async () => {
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 200);
    // Each body is built once: this process shares the machine's CPUs with the server, and copying
    // megabytes per post would be load of the bench's own, not the server's.
    const bodies = new Map(
      [bomb, sheet].map((file) => {
        const b = multipartBody(file);
        return [file, { contentType: b.contentType, payload: new Uint8Array(b.payload) }] as const;
      }),
    );
    const post = async (kind: string, file: Buffer) => {
      const body = bodies.get(file)!;
      const t0 = performance.now();
      const res = await fetch(`${base}/api/bills/import`, {
        method: 'POST',
        headers: { cookie: billing, 'content-type': body.contentType },
        body: body.payload,
      });
      const text = await res.text();
      const message = res.status >= 400 ? ` ${((JSON.parse(text) as { message?: string }).message ?? '').replace(/\d+ seconds?/, 'N seconds')}` : '';
      const key = `${kind} → ${res.status}${message}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
      return performance.now() - t0;
    };
    try {
      while (!stop) {
        await post('zip bomb', bomb);
        if (stop) break;
        await post('20,000 rows', sheet);
      }
    } finally {
      clearInterval(sampler);
    }
  });
  const rssEnd = rssMb(pid);
  desk.close();

  console.log(`\nquiet (${quietMs / 1000} s):  health ${fmt(quiet.health)};  SOS press→event ${fmt(quiet.sos)}`);
  console.log(`loaded (${loadMs / 1000} s): health ${fmt(loaded.health)};  SOS press→event ${fmt(loaded.sos)}`);
  console.log(`imports during the loaded phase: ${[...answers].map(([k, n]) => `${n}× ${k}`).join('; ')}`);
  if (lostAlarms) console.log(`alarms whose event never came (30 s): ${lostAlarms}`);
  const hr = loaded.health.p99 / quiet.health.p99;
  const sr = loaded.sos.p99 / quiet.sos.p99;
  const growth = rssPeak - rssQuiet;
  console.log(`\nratio loaded/quiet p99: health ${hr.toFixed(2)}x, SOS ${sr.toFixed(2)}x (goal ≤ 2x)`);
  console.log(
    `server RSS: ${rssQuiet.toFixed(0)} MB quiet → peak ${rssPeak.toFixed(0)} MB loaded (+${growth.toFixed(0)} MB; goal ≤ 300), ${rssEnd.toFixed(0)} MB at the end`,
  );
  console.log(`verdict: ${hr <= 2 && sr <= 2 && growth <= 300 ? 'GOAL MET' : 'goal NOT met'}`);
} finally {
  await stopProcess(instance.child);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
