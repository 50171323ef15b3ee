/**
 * The operator socket of a server running on the embedded database: `<DATA_DIR>/operator.sock`.
 * The embedded database is one session owned by the server (db/embedded-server.ts), so a command
 * run while the server holds the data folder cannot open it; it sends its arguments here and the
 * server runs them (operator/commands.ts) with its own connection, so a disabled member's
 * sessions and sockets also end at once.
 *
 * Who may send: whoever may write to DATA_DIR (the socket is created with mode 0600, owner only).
 * Protocol: one JSON line `{"argv": [...]}` in, one JSON line {@link CommandResult} out.
 */
import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { CommandResult } from './commands.js';

/** Where the operator socket of a data folder is. */
export function operatorSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'operator.sock');
}

/** Largest request accepted, bytes: a command line, not a file. */
const MAX_REQUEST = 64 * 1024;

/**
 * Listens on the data folder's operator socket (a stale file from a crashed run is replaced: the
 * caller holds the data-folder lock, so no live server owns it). @returns close().
 */
export async function listenOperatorSocket(dataDir: string, run: (argv: string[]) => Promise<CommandResult>): Promise<() => Promise<void>> {
  const file = operatorSocketPath(dataDir);
  rmSync(file, { force: true });
  const server = net.createServer((conn) => {
    let buf = '';
    conn.setEncoding('utf8');
    conn.on('error', () => conn.destroy());
    conn.on('data', (chunk: string) => {
      buf += chunk;
      if (buf.length > MAX_REQUEST) return void conn.destroy();
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      conn.removeAllListeners('data');
      let argv: unknown;
      try {
        argv = (JSON.parse(buf.slice(0, nl)) as { argv?: unknown }).argv;
      } catch {
        argv = undefined;
      }
      const ok = Array.isArray(argv) && argv.every((a) => typeof a === 'string');
      const reply = ok ? run(argv as string[]) : Promise.resolve<CommandResult>({ code: 2, out: [], err: ['Malformed request.'] });
      void reply.then((r) => conn.end(`${JSON.stringify(r)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(file, { force: true });
    });
}

/** Sends one command to a running server's operator socket. @throws when nothing listens there. */
export function sendToServer(dataDir: string, argv: readonly string[]): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const conn = net.connect(operatorSocketPath(dataDir));
    let buf = '';
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write(`${JSON.stringify({ argv })}\n`));
    conn.on('data', (chunk: string) => (buf += chunk));
    conn.on('error', reject);
    conn.on('end', () => {
      try {
        resolve(JSON.parse(buf) as CommandResult);
      } catch {
        reject(new Error('the server closed the operator socket without an answer'));
      }
    });
  });
}
