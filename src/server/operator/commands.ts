/**
 * The operator's commands (`npm run admin -- <command> [--option value …]`), shared by the CLI
 * (operator/cli.ts, when it has the database to itself or it is PostgreSQL) and by a running
 * embedded server's operator socket (operator/socket.ts), so both do exactly the same.
 *
 * Exit codes: 0 done; 2 refused (a missing or malformed option, an unknown society or email, a
 * code, name or email already used), with one line saying why; 1 anything unexpected.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { AppError } from '../lib/errors.js';
import type { OperatorActor, StaffAccountsService } from '../modules/staff/service.js';
import type { StaffAccountRow } from '../modules/staff/repo.js';

/** What a command printed and how it ended. */
export interface CommandResult {
  code: 0 | 1 | 2;
  /** Lines for standard output. */
  out: string[];
  /** Lines for standard error. */
  err: string[];
}

/** The commands and their options, as `npm run admin -- help` prints them. */
export const USAGE = [
  'Usage: npm run admin -- <command> [options]',
  '  society:create --name "Hill Park" --code HP   a society; its code (2–6 letters) prefixes resident ids',
  '  society:list',
  '  society:time-zone --society HP --zone Asia/Dubai   the zone its dates, "today" and "this month" follow (default Asia/Karachi)',
  '  society:emergency --society HP --set "Guard room=03001234567" --set "Rescue=1122"   the numbers its residents\' app lists offline (at most 8, in order; replaces them; --clear removes them)',
  '  staff:create --society HP --email boss@hillpark.test --name "Sana Malik" --sub-role super-admin',
  '  staff:list --society HP',
  '  staff:reset-password --email boss@hillpark.test',
  '  staff:disable --email boss@hillpark.test',
  'staff:create and staff:reset-password print one line "Temporary password: <value>".',
  'Browser tests only, to a running embedded server started with TEST_CLOCK=1:',
  '  clock:shift --hours 25 | clock:shift --to 2026-12-01T09:00:00Z | clock:reset',
];

const OPTIONS = {
  name: { type: 'string' },
  code: { type: 'string' },
  society: { type: 'string' },
  email: { type: 'string' },
  'sub-role': { type: 'string' },
  zone: { type: 'string' },
  set: { type: 'string', multiple: true },
  clear: { type: 'boolean' },
} as const;

/** The operator as the audit log names them: the machine account that ran the command (or runs the server that took it). */
export function operatorActor(): OperatorActor {
  return { kind: 'operator', name: `operator ${os.userInfo().username}@${os.hostname()}` };
}

/** Lines of a table: columns padded to their widest cell. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows].map((r) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
}

function status(a: StaffAccountRow): string {
  if (a.disabledAt) return 'disabled';
  return a.temporaryPasswordUntil ? 'temporary password' : 'active';
}

/**
 * Runs one command. Never throws: a refusal is exit code 2 with its message, anything else 1.
 * @param argv the command and its options, e.g. ['staff:list', '--society', 'HP']
 */
export async function runCommand(argv: readonly string[], accounts: StaffAccountsService, actor: OperatorActor): Promise<CommandResult> {
  const [command, ...rest] = argv;
  try {
    const { values } = parseArgs({ args: [...rest], options: OPTIONS, strict: true, allowPositionals: false });
    switch (command) {
      case 'society:create': {
        const s = await accounts.createSociety({ name: values.name, code: values.code }, actor);
        return { code: 0, out: [`Society created: ${s.name} (${s.code})`], err: [] };
      }
      case 'society:list': {
        const rows = await accounts.listSocieties();
        return {
          code: 0,
          out: rows.length
            ? table(
                ['CODE', 'NAME', 'STAFF'],
                rows.map((s) => [s.code, s.name, String(s.staff)]),
              )
            : ['No society yet.'],
          err: [],
        };
      }
      case 'society:time-zone': {
        const s = await accounts.setSocietyTimeZone({ society: values.society, zone: values.zone }, actor);
        return { code: 0, out: [`Time zone of ${s.name} (${s.code}): ${s.to} (was ${s.from})`], err: [] };
      }
      case 'society:emergency': {
        const s = await accounts.setSocietyEmergencyContacts({ society: values.society, set: values.set, clear: values.clear }, actor);
        return {
          code: 0,
          out: [
            `Emergency contacts of ${s.name} (${s.code}): ${s.contacts.length} (was ${s.before})`,
            ...s.contacts.map((c, i) => `  ${i + 1}. ${c.label}: ${c.phone}`),
          ],
          err: [],
        };
      }
      case 'staff:create': {
        const { temporaryPassword, account } = await accounts.createStaff(
          { society: values.society, email: values.email, name: values.name, subRole: values['sub-role'] },
          actor,
        );
        return {
          code: 0,
          out: [`Staff member added: ${account.name} <${account.email}>, ${account.subRole}`, `Temporary password: ${temporaryPassword}`],
          err: [],
        };
      }
      case 'staff:list': {
        const rows = await accounts.listStaff(values.society);
        const lines = table(
          ['NAME', 'EMAIL', 'SUB-ROLE', 'STATUS', 'LAST SIGN-IN'],
          rows.map((a) => [a.name, a.email, a.subRole ?? '', status(a), a.lastSignInAt?.toISOString() ?? 'never']),
        );
        return { code: 0, out: rows.length ? lines : ['No staff member yet.'], err: [] };
      }
      case 'staff:reset-password': {
        const { temporaryPassword } = await accounts.resetPassword(values.email, actor);
        return { code: 0, out: [`Temporary password: ${temporaryPassword}`], err: [] };
      }
      case 'staff:disable': {
        const { changed } = await accounts.disable(values.email, actor);
        return { code: 0, out: [`${changed ? 'Disabled' : 'Already disabled'}: ${values.email}`], err: [] };
      }
      case undefined:
      case 'help':
      case '--help':
        return { code: command === undefined ? 2 : 0, out: command === undefined ? [] : USAGE, err: command === undefined ? USAGE : [] };
      default:
        return { code: 2, out: [], err: [`Unknown command: ${command}`, ...USAGE] };
    }
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) return { code: 2, out: [], err: [err.message] };
    // parseArgs: an unknown option or one without its value.
    if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) return { code: 2, out: [], err: [err.message, ...USAGE] };
    return { code: 1, out: [], err: [`Failed: ${(err as Error).message}`] };
  }
}
