/**
 * nginx in front of app instances: the load balancer of `npm run cluster`, of the nginx
 * tests and of `bench/load.ts`. nginx comes from Debian's package (`.ci/run` installs it); it runs
 * as a child process with its configuration, pid, logs and temp files in a folder of its own, so
 * it needs no root and touches nothing of the system's nginx.
 *
 * The layout it writes ({@link nginxConfig}) is the one `docs/deploy.md` recommends:
 * - `/socket.io/`: WebSocket upgrade (`Upgrade`/`Connection` passed on, an hour's read timeout
 *   for idle sockets). Clients open a WebSocket first, which is one long request, so any instance
 *   may take it. The upstream hashes the client address so Socket.IO's long-polling fallback
 *   (several requests of one session) also stays on one instance.
 * - the API outside the alarm path (`/api/…` but the SOS press, its acknowledgement, the alarm
 *   inbox and health): the `api` upstream, round robin with at most {@link NginxOptions.maxConns}
 *   requests in flight per instance. Past that, nginx itself answers 503 with `Retry-After: 1`
 *   and the app's "busy" message in well under a millisecond: refused before it costs an
 *   instance any CPU, so a saturated machine still reads and serves an SOS press at once (an
 *   instance's own admission control can only refuse what its event loop has already read).
 * - everything else (the alarm path, health, the web app's files, media): the `app` upstream,
 *   round robin with no cap, so nothing can take an alarm's place and a page's many files load
 *   together.
 * - `X-Forwarded-For`/`X-Forwarded-Proto` set, for the instances' TRUST_PROXY.
 * - Workers at nice -5 (`worker_priority`), ahead of the instances and PostgreSQL on a shared
 *   machine: with them at the same priority, 1.7–2.0 % of the lists of `bench/load.ts --overload`
 *   were refused later than 10 ms after they were due; at -5, 0.8–1.1 %.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { MSG } from '../../src/shared/messages.js';
import { stopProcess, waitForHealth } from './instances.js';

/** The nginx binary: NGINX_BIN, else where Debian's package puts it. */
export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface NginxOptions {
  /** Port nginx listens on (127.0.0.1 unless `host` says otherwise). */
  port: number;
  host?: string;
  /** The instances' `host:port` addresses. */
  upstreams: string[];
  /** Folder for nginx.conf, pid, logs and temp files (created). */
  dir: string;
  /** Largest request body (uploads: 100 MB video + form). Default '110m'. */
  maxBody?: string;
  /** nginx worker processes (default 'auto': one per core). */
  workerProcesses?: number | 'auto';
  /**
   * Requests in flight per instance outside the alarm path (nginx `max_conns`, shared by the
   * workers through the upstream's `zone`). Default {@link DEFAULT_MAX_CONNS}. Lists and other
   * work beyond it are refused by nginx (503) instead of queueing on the instances.
   */
  maxConns?: number;
}

/**
 * Default of {@link NginxOptions.maxConns}. Measured with `bench/load.ts --overload --sos-rate 10`
 * on a 2-core machine holding nginx, both instances, PostgreSQL and the bench: lists served per
 * second were the same with 2, 4 and 8 (the CPU is the limit), while SOS p99 was 113, 237 and
 * 571 ms. With the database on another machine a list spends more of its time waiting on the
 * network, and a higher cap (4–8) keeps an instance busy.
 * The cost of the low cap on a machine shared with everything else: below capacity, a moment when
 * the processes wait for a core leaves four lists in flight and the next is refused (0.7–2.6 % of
 * the lists at 300/s, 64–77 % busy). Caps 3 and 4 did not lower that, and a short wait for a slot
 * inside the instance did, but made its own refusals late under overload (bench/load/measurements.md,
 * 2026-11-29): the dashboard retries a refused read instead.
 */
export const DEFAULT_MAX_CONNS = 2;

/** nginx's own answer when every instance has `maxConns` requests: the app's 503 body (lib/error-handler.ts shape). */
const BUSY_BODY = JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: MSG.busy });

export interface NginxProcess {
  /** http://host:port */
  url: string;
  child: ChildProcess;
  /** SIGQUIT (graceful), SIGKILL after a while. */
  stop(): Promise<number | null>;
}

/** The proxy settings of every location that passes requests to the instances' API (`pad`: indentation). */
function appProxy(pad: string): string {
  return [
    // $lane: the capped upstream for the API outside the alarm path (the map in nginxConfig).
    'proxy_pass http://$lane;',
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_set_header Host $http_host;',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    // Responses never spool to a temp file: when nginx starts as root its workers run as
    // 'nobody', which cannot write inside this (root-owned, 0700) folder, and a large response
    // to a slow client (the web app's chunks) was cut short.
    'proxy_max_temp_file_size 0;',
  ]
    .map((line) => pad + line)
    .join('\n');
}

/** The nginx.conf text for `opts` (paths inside `opts.dir`). */
export function nginxConfig(opts: NginxOptions): string {
  const dir = path.resolve(opts.dir);
  const servers = (extra: string) => opts.upstreams.map((u) => `    server ${u}${extra};`).join('\n');
  return `# Written by scripts/cluster/nginx.ts; see docs/deploy.md.
daemon off;
master_process on;
worker_processes ${opts.workerProcesses ?? 'auto'};
# Ahead of the instances and the database for a core: a refusal is only fast if nginx runs at
# once (the master must start as root to raise it; otherwise nginx logs an alert and goes on).
worker_priority -5;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;

events {
  worker_connections 8192;
}

http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  client_max_body_size ${opts.maxBody ?? '110m'};
  server_tokens off;

  map $http_upgrade $connection_upgrade {
    default upgrade;
    ''      close;
  }

  # The API but the alarm path: at most maxConns requests in flight per instance (the zone
  # shares the count between workers). When every instance is full nginx has no upstream to
  # pick and answers 502 itself, which error_page turns into the busy 503 (@busy).
  upstream api {
    zone api 64k;
${servers(` max_fails=0 max_conns=${opts.maxConns ?? DEFAULT_MAX_CONNS}`)}
    keepalive 64;
  }

  # The alarm path, health, the web app's files and media: never capped.
  upstream app {
${servers(' max_fails=0')}
    keepalive 64;
  }

  # Exact strings first, then the patterns in order.
  map "$request_method $uri" $lane {
    default app;
    "GET /api/security/alarms" app;
    "GET /api/health" app;
    "~^POST /api/security(/[0-9]+/acknowledge)?$" app;
    "~^[A-Z]+ /api/" api;
  }

  # WebSocket first: one long request, any instance will do. The hash keeps a client's
  # long-polling fallback requests on one instance.
  upstream sockets {
    hash $remote_addr consistent;
${servers(' max_fails=0')}
  }

  server {
    listen ${opts.host ?? '127.0.0.1'}:${opts.port};

    error_page 502 = @busy;
    location @busy {
      default_type application/json;
      add_header Retry-After 1 always;
      add_header X-Refused-By proxy always;
      return 503 '${BUSY_BODY}';
    }

    location /socket.io/ {
      proxy_pass http://sockets;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 3600s;
      proxy_send_timeout 3600s;
    }

    # An SOS press or its acknowledgement is passed to another instance even after it was sent
    # (non_idempotent): an instance shutting down answers 503 without storing it, and a press
    # that did reach the database merges into the resident's open alarm (an acknowledgement is
    # recorded once), so a retry never makes a second alarm. The body is buffered so it can be
    # sent again.
    location ~ ^/api/security(/[0-9]+/acknowledge)?$ {
${appProxy('      ')}
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      proxy_next_upstream_tries ${opts.upstreams.length + 1};
    }

    location / {
${appProxy('      ')}
      # Uploads stream through instead of being spooled to disk first.
      proxy_request_buffering off;
      # An instance shutting down (SIGTERM) refuses new connections: try the next one. Other
      # writes are not sent twice: one that met a closing instance gets its 503.
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

/**
 * Rejects when `host:port` is taken. Checked before nginx starts because nginx retries its bind
 * for ~2.5 s before exiting, while whatever already holds the port may answer the health check.
 */
async function assertPortFree(host: string, port: number): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (err: NodeJS.ErrnoException) =>
      reject(new Error(`nginx cannot listen on ${host}:${port}: ${err.code === 'EADDRINUSE' ? 'the port is in use' : err.message}`)),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/**
 * Writes the configuration, starts nginx in the foreground and waits until it proxies /api/health.
 * Throws when the port is taken, nginx cannot be started, or the health check fails within 15 s.
 */
export async function startNginx(opts: NginxOptions): Promise<NginxProcess> {
  await assertPortFree(opts.host ?? '127.0.0.1', opts.port);
  const dir = path.resolve(opts.dir);
  for (const d of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) mkdirSync(path.join(dir, d), { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(opts));
  // -e: the error log before the configuration is read (else /var/log/nginx, which may not exist).
  const child = spawn(NGINX_BIN, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (err) =>
      reject(new Error(`cannot start nginx (${NGINX_BIN}): ${err.message}. Install Debian's nginx package (apt-get install nginx) or set NGINX_BIN.`)),
    );
  });
  await spawned;
  const url = `http://${opts.host ?? '127.0.0.1'}:${opts.port}`;
  try {
    await waitForHealth(`${url}/api/health`, child, 15_000);
  } catch (err) {
    await stopProcess(child, 'SIGKILL');
    throw err;
  }
  return { url, child, stop: () => stopProcess(child, 'SIGQUIT', 5000) };
}
