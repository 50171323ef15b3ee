/**
 * What `npm start` prints once everything else has logged: where the server answers, which
 * database it uses, and how to get in — the first-run commands on an empty database (with the
 * DATA_DIR or DATABASE_URL this server uses, so they reach the same database when pasted), or the
 * demo's staff and resident sign-ins.
 */
import path from 'node:path';
import type { Config } from '../config.js';

/** `value` as one shell word: bare when it is plain, else in single quotes. */
function shellWord(value: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/** DATABASE_URL with its password (if any) replaced by `****`: a start log is no place for it. */
export function withoutPassword(databaseUrl: string): { url: string; hidden: boolean } {
  const url = new URL(databaseUrl);
  if (!url.password) return { url: databaseUrl, hidden: false };
  url.password = '****';
  return { url: url.toString(), hidden: true };
}

/**
 * What goes before `npm run admin` so that the command reaches this server's database:
 * `DATABASE_URL=…` on PostgreSQL (password hidden), `DATA_DIR=…` when the embedded folder is not
 * the default `<root>/data` that `npm run admin` (run in `root`) would open, else nothing.
 * @param root the package's folder, where npm runs its scripts.
 */
export function adminCommandPrefix(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>, root: string): { prefix: string; passwordHidden: boolean } {
  if (config.DATABASE_URL) {
    const { url, hidden } = withoutPassword(config.DATABASE_URL);
    return { prefix: `DATABASE_URL=${shellWord(url)} `, passwordHidden: hidden };
  }
  if (path.resolve(config.DATA_DIR) === path.resolve(root, 'data')) return { prefix: '', passwordHidden: false };
  return { prefix: `DATA_DIR=${shellWord(path.resolve(config.DATA_DIR))} `, passwordHidden: false };
}

export interface BannerInput {
  config: Pick<Config, 'NODE_ENV' | 'HOST' | 'PORT' | 'DATA_DIR' | 'DATABASE_URL' | 'DOCS_IN_PRODUCTION'>;
  /** The package's folder (see {@link adminCommandPrefix}). */
  root: string;
  /** Demo data was loaded by this start. */
  seeded: boolean;
  /** No society exists: nobody can sign in yet. */
  empty: boolean;
  demoPassword: string;
  staffSignIns: readonly { email: string; subRole: string }[];
  residentSignIns: readonly { phone: string; residentId: string; society: string }[];
}

/** The banner's lines (the caller prints them joined by newlines). */
export function startBanner(b: BannerInput): string[] {
  const { config } = b;
  const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`;
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.DATA_DIR}`;
  const lines = [
    '',
    `Society Desk is running at ${url}${config.NODE_ENV !== 'production' || config.DOCS_IN_PRODUCTION ? `  (API docs: ${url}/docs)` : ''}`,
    `Database: ${where}${b.seeded ? ' — demo data loaded' : ''}`,
  ];
  if (b.empty) {
    const { prefix, passwordHidden } = adminCommandPrefix(config, b.root);
    lines.push(
      `No society yet: nobody can sign in. Create one and its first staff member (in ${b.root}):`,
      `  ${prefix}npm run admin -- society:create --name "Hill Park" --code HP`,
      `  ${prefix}npm run admin -- staff:create --society HP --email boss@hillpark.test --name "Sana Malik" --sub-role super-admin`,
    );
    if (passwordHidden) lines.push("  (put the database password in place of **** : it is this server's DATABASE_URL)");
    lines.push('');
  } else if (config.NODE_ENV !== 'production') {
    lines.push(`Demo staff sign-ins at ${url} (password ${b.demoPassword}; Lake City: same handles @lakecity.test):`);
    for (const s of b.staffSignIns) lines.push(`  ${s.email.padEnd(34)} ${s.subRole}`);
    lines.push(`Demo resident sign-ins at ${url}/app (phone, password ${b.demoPassword}):`);
    for (const r of b.residentSignIns) lines.push(`  ${r.phone.padEnd(34)} ${r.residentId}, ${r.society}`);
    lines.push('Simulate residents filing complaints: npm run simulate', '');
  }
  return lines;
}
