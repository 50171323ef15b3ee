/**
 * `npm run cluster -- --instances N [--port 8080] [--base-port 3001]`: a demo of many
 * instances on this machine — N app instances on one PostgreSQL database (DATABASE_URL, required;
 * REDIS_URL optional: the Redis Socket.IO adapter instead of the PostgreSQL one) behind nginx on
 * --port. Instances listen on --base-port, --base-port + 1, …; they share DATA_DIR (uploaded
 * media on local disk) — production uses object storage instead (docs/deploy.md).
 * Ctrl-C stops nginx, then every instance gracefully (SIGTERM).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startInstances, type InstanceProcess } from './cluster/instances.js';
import { startNginx, type NginxProcess } from './cluster/nginx.js';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
    'base-port': { type: 'string', default: '3001' },
  },
});
const count = Number(values.instances);
const port = Number(values.port);
const basePort = Number(values['base-port']);
for (const [name, v, max] of [
  ['--instances', count, 64],
  ['--port', port, 65535],
  ['--base-port', basePort, 65535 - count],
] as const) {
  if (!Number.isInteger(v) || v < 1 || v > max) {
    console.error(`${name} must be an integer from 1 to ${max}`);
    process.exit(2);
  }
}
if (!process.env.DATABASE_URL) {
  console.error(
    'npm run cluster needs DATABASE_URL (a PostgreSQL server that every instance shares), e.g.\n  DATABASE_URL=postgres://postgres@127.0.0.1:5432/society npm run cluster -- --instances 2',
  );
  process.exit(2);
}

let instances: InstanceProcess[] = [];
let nginx: NginxProcess | undefined;
const dir = mkdtempSync(path.join(tmpdir(), 'society-desk-nginx-'));
let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await nginx?.stop();
    await Promise.all(instances.map((i) => i.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  instances = await startInstances({
    count,
    basePort,
    // Behind nginx on this machine: the client address comes from X-Forwarded-For.
    env: { TRUST_PROXY: 'loopback', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    output: () => 'inherit',
  });
  nginx = await startNginx({ port, upstreams: instances.map((i) => `127.0.0.1:${i.port}`), dir });
  console.log(`\n${instances.length} instances (${instances.map((i) => `${i.name} ${i.url}`).join(', ')}) behind nginx: open ${nginx.url}`);
  console.log(`Socket.IO adapter: ${process.env.REDIS_URL ? 'Redis (REDIS_URL)' : 'PostgreSQL (LISTEN/NOTIFY)'}. Ctrl-C stops them all.`);
  for (const i of instances) i.child.once('exit', (code) => !stopping && (console.error(`instance ${i.name} exited (code ${code})`), void stop(1)));
  nginx.child.once('exit', (code) => !stopping && (console.error(`nginx exited (code ${code})`), void stop(1)));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await stop(1);
}
