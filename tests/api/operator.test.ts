/**
 * The operator's commands (`npm run admin`): societies and staff accounts made without SQL, each
 * change audited as the operator; temporary passwords that must be changed and expire; disabling
 * ends sessions at once. Commands run through `runCommand` on the harness database, through a
 * server's operator socket, and once as the real CLI on an empty data folder.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, societies, staffUsers } from '../../src/server/db/schema.js';
import { operatorActor, runCommand } from '../../src/server/operator/commands.js';
import { listenOperatorSocket, sendToServer } from '../../src/server/operator/socket.js';
import { lockDataDir } from '../../src/server/db/lock.js';
import { staffAccountsService } from '../../src/server/modules/staff/service.js';
import { MSG } from '../../src/shared/messages.js';
import { registration } from '../support/factories.js';
import { useHarness } from './harness.js';

let seq = 0;
/** A name, code and email no other test uses. */
const fresh = () => {
  const n = ++seq;
  const code = `Q${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + Math.floor(n / 26))}`;
  return { name: `Operator Park ${n}`, code, email: `boss${n}@operator${n}.test` };
};

describe('operator commands (npm run admin)', () => {
  const h = useHarness();
  const admin = (...argv: string[]) =>
    runCommand(
      argv,
      staffAccountsService({
        db: h.database.db,
        clock: h.clock,
        temporaryPasswordHours: h.config.TEMP_PASSWORD_HOURS,
        revokeSessions: (id, opts) => h.auth.revokeAccount(id, opts),
      }),
      operatorActor(),
    );
  const signIn = (email: string, password: string) => h.app.inject({ method: 'POST', url: '/api/society/login', payload: { email, password } });
  const passwordOf = (out: string[]) => out.find((l) => l.startsWith('Temporary password: '))!.slice('Temporary password: '.length);

  async function societyWithBoss(subRole = 'super-admin') {
    const f = fresh();
    expect(await admin('society:create', '--name', f.name, '--code', f.code.toLowerCase())).toEqual({
      code: 0,
      out: [`Society created: ${f.name} (${f.code})`],
      err: [],
    });
    const made = await admin('staff:create', '--society', f.code, '--email', f.email, '--name', 'Sana Malik', '--sub-role', subRole);
    expect(made.code, made.err.join('\n')).toBe(0);
    expect(made.out.filter((l) => l.startsWith('Temporary password: '))).toHaveLength(1);
    return { ...f, password: passwordOf(made.out) };
  }

  it('creates a society and its first staff member, who signs in with the temporary password and must change it', async () => {
    const s = await societyWithBoss();
    const res = await signIn(s.email.toUpperCase(), s.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { name: 'Sana Malik', SubRole: 'super-admin', societyName: s.name }, mustChangePassword: true });
    const cookie = `sd_session=${res.cookies.find((c) => c.name === 'sd_session')!.value}`;
    expect((await h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie } })).json()).toMatchObject({ mustChangePassword: true });

    // The society's residents get ids with its code.
    const joined = await h.app.inject({
      method: 'POST',
      url: '/api/resident/register',
      payload: registration('03990000001', { societyName: s.name }),
      remoteAddress: '10.9.0.1',
    });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json<{ residentID: string }>().residentID).toBe(`${s.code}0001`);

    const listed = await admin('staff:list', '--society', s.code);
    expect(listed.code).toBe(0);
    expect(listed.out[0]).toMatch(/^NAME\s+EMAIL\s+SUB-ROLE\s+STATUS\s+LAST SIGN-IN$/);
    expect(listed.out[1]).toMatch(new RegExp(`^Sana Malik\\s+${s.email}\\s+super-admin\\s+temporary password\\s+\\d{4}-`));
    const societiesListed = (await admin('society:list')).out;
    expect(societiesListed.some((l) => new RegExp(`^${s.code}\\s+${s.name}\\s+1$`).test(l))).toBe(true);
    // Each society's own staff count, whatever its row ids.
    const gvStaff = await h.database.db.$count(
      staffUsers,
      eq(staffUsers.societyId, (await h.database.db.select({ id: societies.id }).from(societies).where(eq(societies.code, 'GV')))[0]!.id),
    );
    expect(gvStaff).toBeGreaterThan(1);
    expect(
      societiesListed.some((l) => new RegExp(`^GV\\s+Green Valley\\s+${gvStaff}$`).test(l)),
      societiesListed.join('\n'),
    ).toBe(true);
  });

  it('records every change in the society as the operator', async () => {
    const s = await societyWithBoss();
    await admin('staff:reset-password', '--email', s.email);
    await admin('staff:disable', '--email', s.email);
    const [society] = await h.database.db.select({ id: societies.id }).from(societies).where(eq(societies.code, s.code));
    const trail = await h.database.db
      .select({ entity: auditLog.entity, action: auditLog.action, kind: auditLog.actorKind, actorId: auditLog.actorId, actorName: auditLog.actorName })
      .from(auditLog)
      .where(eq(auditLog.societyId, society!.id))
      .orderBy(auditLog.id);
    expect(trail.map((t) => [t.entity, t.action, t.kind, t.actorId])).toEqual([
      ['society', 'create', 'operator', null],
      ['staff', 'create', 'operator', null],
      ['staff', 'reset-password', 'operator', null],
      ['staff', 'disable', 'operator', null],
    ]);
    expect(trail[0]!.actorName).toBe(operatorActor().name);
  });

  it("society:time-zone sets the zone the society's staff see and its calendar follows; an unknown zone is refused, writing nothing", async () => {
    const s = await societyWithBoss();
    const zoneOf = async () => (await h.database.db.select({ zone: societies.timeZone }).from(societies).where(eq(societies.code, s.code)))[0]?.zone;
    expect(await admin('society:time-zone', '--society', s.code, '--zone', 'Mars/Olympus')).toMatchObject({
      code: 2,
      err: [expect.stringContaining('--zone must be a time zone name')],
    });
    expect(await admin('society:time-zone', '--society', s.code)).toMatchObject({ code: 2, err: ['--zone is required.'] });
    expect(await zoneOf()).toBe('Asia/Karachi');

    expect(await admin('society:time-zone', '--society', s.code.toLowerCase(), '--zone', 'Asia/Dubai')).toEqual({
      code: 0,
      out: [`Time zone of ${s.name} (${s.code}): Asia/Dubai (was Asia/Karachi)`],
      err: [],
    });
    expect(await zoneOf()).toBe('Asia/Dubai');
    const res = await signIn(s.email, s.password);
    expect(res.json()).toMatchObject({ timeZone: 'Asia/Dubai' });
    const [row] = await h.database.db
      .select({ action: auditLog.action, toStage: auditLog.toStage, kind: auditLog.actorKind })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'society'), eq(auditLog.action, 'time-zone')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toEqual({ action: 'time-zone', toStage: 'Asia/Dubai', kind: 'operator' });
  });

  it('society:emergency replaces the contacts in order, or clears them; a bad entry is refused by number, writing nothing', async () => {
    const s = await societyWithBoss();
    const contactsOf = async () =>
      (await h.database.db.select({ contacts: societies.emergencyContacts }).from(societies).where(eq(societies.code, s.code)))[0]?.contacts;
    const audits = () => h.database.db.$count(auditLog, and(eq(auditLog.entity, 'society'), eq(auditLog.action, 'emergency')));
    const before = await audits();
    for (const [argv, message] of [
      [['--set', 'Guard room=0300123'], '--set entry 1 ("Guard room=0300123"): The phone must be 11 digits'],
      [['--set', 'Guard room=03001234567', '--set', 'Ambulance'], '--set entry 2 ("Ambulance") must be Label=phone'],
      [['--set', '=1122'], '--set entry 1 ("=1122"): The label is empty.'],
      [['--set', `${'x'.repeat(61)}=1122`], 'The label may have at most 60 characters.'],
      [['--set', 'Gate\u202E=1122'], MSG.textBidiControl],
      [Array.from({ length: 9 }, (_, i) => ['--set', `Line ${i}=1122`]).flat(), 'At most 8 --set entries; 9 were given.'],
      [['--set', 'Gate=1122', '--clear'], 'Give either --set entries or --clear, not both.'],
      [[], 'Give one --set "Label=phone" per contact, or --clear.'],
    ] as const) {
      expect(await admin('society:emergency', '--society', s.code, ...argv)).toMatchObject({ code: 2, out: [], err: [expect.stringContaining(message)] });
    }
    expect(await admin('society:emergency', '--society', 'NOPE', '--clear')).toMatchObject({ code: 2, err: ['No society has the code NOPE.'] });
    expect(await contactsOf()).toEqual([]);
    expect(await audits()).toBe(before);

    expect(await admin('society:emergency', '--society', s.code, '--set', ' Guard room = 03001234567 ', '--set', 'Ambulance=1122')).toEqual({
      code: 0,
      out: [`Emergency contacts of ${s.name} (${s.code}): 2 (was 0)`, '  1. Guard room: 03001234567', '  2. Ambulance: 1122'],
      err: [],
    });
    expect(await contactsOf()).toEqual([
      { label: 'Guard room', phone: '03001234567' },
      { label: 'Ambulance', phone: '1122' },
    ]);
    expect(await admin('society:emergency', '--society', s.code, '--clear')).toMatchObject({
      code: 0,
      out: [`Emergency contacts of ${s.name} (${s.code}): 0 (was 2)`],
    });
    expect(await contactsOf()).toEqual([]);
    const rows = await h.database.db
      .select({ toStage: auditLog.toStage, kind: auditLog.actorKind, name: auditLog.actorName })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'society'), eq(auditLog.action, 'emergency')))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(rows).toEqual([
      { toStage: '0', kind: 'operator', name: operatorActor().name },
      { toStage: '2', kind: 'operator', name: operatorActor().name },
    ]);
  });

  it('refuses a duplicate code, society name or email (any case) with exit code 2, writing nothing', async () => {
    const s = await societyWithBoss();
    const before = await h.database.db.$count(auditLog);
    expect(await admin('society:create', '--name', 'Another Name', '--code', s.code)).toEqual({
      code: 2,
      out: [],
      err: [`A society with the code ${s.code} already exists.`],
    });
    const other = fresh();
    expect(await admin('society:create', '--name', s.name.toUpperCase(), '--code', other.code)).toMatchObject({
      code: 2,
      err: [`A society named ${s.name.toUpperCase()} already exists.`],
    });
    expect(await admin('staff:create', '--society', s.code, '--email', s.email.toUpperCase(), '--name', 'Twin', '--sub-role', 'billing')).toMatchObject({
      code: 2,
      err: [`A staff member with the email ${s.email.toUpperCase()} already exists.`],
    });
    expect(await h.database.db.$count(auditLog)).toBe(before);
    expect(await h.database.db.$count(societies, eq(societies.code, other.code))).toBe(0);
  });

  it.each([
    [['society:create', '--code', 'HP'], '--name is required.'],
    [['society:create', '--name', 'X Park', '--code', 'H1'], '--code must be 2 to 6 letters (A–Z).'],
    [['staff:create', '--society', 'NOPE', '--email', 'a@b.test', '--name', 'A', '--sub-role', 'billing'], 'No society has the code NOPE.'],
    [['staff:create', '--society', 'GV', '--email', 'not-an-email', '--name', 'A', '--sub-role', 'billing'], '--email is not an email address.'],
    [
      ['staff:create', '--society', 'GV', '--email', 'new@greenvalley.test', '--name', 'A', '--sub-role', 'janitor'],
      /^--sub-role must be one of: button-one, .*super-admin\.$/,
    ],
    [['staff:reset-password', '--email', 'nobody@nowhere.test'], 'No staff member has the email nobody@nowhere.test.'],
    [['staff:disable'], '--email is required.'],
    [['staff:list', '--society', 'GV', '--bogus', 'x'], /Unknown option '--bogus'/],
    [['society:delete'], 'Unknown command: society:delete'],
  ])('refuses %j with exit code 2 and says why', async (argv, message) => {
    const result = await admin(...argv);
    expect(result.code).toBe(2);
    expect(result.err[0]).toMatch(message);
  });

  it('staff:disable ends the sessions at once and refuses sign-in; a second disable changes nothing', async () => {
    const s = await societyWithBoss('complian');
    const res = await signIn(s.email, s.password);
    const cookie = `sd_session=${res.cookies.find((c) => c.name === 'sd_session')!.value}`;
    const me = () => h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie } }).then((r) => r.statusCode);
    expect(await me()).toBe(200);
    expect(await admin('staff:disable', '--email', s.email)).toEqual({ code: 0, out: [`Disabled: ${s.email}`], err: [] });
    expect(await me()).toBe(401);
    // The member is told why: on the next request of the ended session, and when signing in again.
    expect((await h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie } })).json()).toMatchObject({ message: MSG.accountDisabled });
    expect((await signIn(s.email, s.password)).json()).toMatchObject({ message: MSG.accountDisabled });
    expect((await signIn(s.email, 'a wrong password')).json()).toMatchObject({ message: MSG.loginFailed });
    expect(await admin('staff:disable', '--email', s.email)).toEqual({ code: 0, out: [`Already disabled: ${s.email}`], err: [] });
    const [row] = await h.database.db.select({ disabledAt: staffUsers.disabledAt }).from(staffUsers).where(eq(staffUsers.email, s.email));
    expect(row!.disabledAt).toEqual(h.clock.now());
  });

  it('staff:reset-password gives a new temporary password and ends the sessions; the old one stops working', async () => {
    const s = await societyWithBoss('billing');
    const first = await signIn(s.email, s.password);
    const cookie = `sd_session=${first.cookies.find((c) => c.name === 'sd_session')!.value}`;
    const reset = await admin('staff:reset-password', '--email', s.email);
    expect(reset.out).toHaveLength(1);
    const next = passwordOf(reset.out);
    expect(next).not.toBe(s.password);
    expect((await h.app.inject({ method: 'GET', url: '/api/society/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await signIn(s.email, s.password)).statusCode).toBe(401);
    expect((await signIn(s.email, next)).json()).toMatchObject({ mustChangePassword: true });
  });

  it('a temporary password no longer signs in after TEMP_PASSWORD_HOURS, and says so', async () => {
    const s = await societyWithBoss('billing');
    h.clock.advance(h.config.TEMP_PASSWORD_HOURS * 3_600_000 - 1000);
    expect((await signIn(s.email, s.password)).statusCode).toBe(200);
    h.clock.advance(1000);
    const late = await signIn(s.email, s.password);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ message: MSG.temporaryPasswordExpired });
    // A wrong password past the time still says only "invalid".
    expect((await signIn(s.email, 'wrong-password-1')).json()).toMatchObject({ message: MSG.loginFailed });
  });

  it('records the last sign-in', async () => {
    const s = await societyWithBoss('billing');
    expect((await admin('staff:list', '--society', s.code)).out[1]).toMatch(/never$/);
    await signIn(s.email, s.password);
    const [row] = await h.database.db
      .select({ at: staffUsers.lastSignInAt })
      .from(staffUsers)
      .where(and(eq(staffUsers.email, s.email)))
      .orderBy(desc(staffUsers.id));
    expect(row!.at).toEqual(h.clock.now());
  });

  it("a server's operator socket runs the command it is sent and answers its result", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sd-operator-'));
    const close = await listenOperatorSocket(dir, (argv) => admin(...argv));
    try {
      const f = fresh();
      expect(await sendToServer(dir, ['society:create', '--name', f.name, '--code', f.code])).toEqual({
        code: 0,
        out: [`Society created: ${f.name} (${f.code})`],
        err: [],
      });
      expect(await sendToServer(dir, ['society:create', '--name', f.name, '--code', f.code])).toMatchObject({ code: 2 });
    } finally {
      await close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run admin on an empty embedded data folder', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sd-admin-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = async (...argv: string[]) => {
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'silent' };
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/operator/cli.ts', ...argv], { env });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  it('migrates the folder, creates the society and staff member, and exits 2 on a duplicate', async () => {
    expect(await run('society:create', '--name', 'Hill Park', '--code', 'HP')).toMatchObject({ code: 0, stdout: 'Society created: Hill Park (HP)\n' });
    const staff = await run('staff:create', '--society', 'HP', '--email', 'boss@hillpark.test', '--name', 'Sana Malik', '--sub-role', 'super-admin');
    expect(staff.code, staff.stderr).toBe(0);
    expect(staff.stdout).toMatch(/^Staff member added: Sana Malik <boss@hillpark.test>, super-admin\nTemporary password: [a-z2-9]{4}(-[a-z2-9]{4}){3}\n$/);
    expect(await run('society:create', '--name', 'Hill Park', '--code', 'HP')).toMatchObject({
      code: 2,
      stderr: 'A society with the code HP already exists.\n',
    });
  }, 60_000);
});

describe('npm run admin with a server running', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sd-admin-light-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // A command for a running server loads what sends it, not the database code: under tsx each
  // module loaded is compiled first, and the whole graph made every command take 5-6 s.
  it('sends the command to the server without loading zod, drizzle, pg or PGlite', { timeout: 60_000 }, async () => {
    const dataDir = path.join(dir, 'data');
    const lock = lockDataDir(dataDir, { onLost: () => undefined });
    const close = await listenOperatorSocket(dataDir, async (argv) => ({ code: 0, out: [`ran ${argv.join(' ')}`], err: [] }));
    const probeFile = path.join(dir, 'modules.txt');
    writeFileSync(
      path.join(dir, 'hooks.mjs'),
      "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  appendFileSync(process.env.MODULE_PROBE_FILE, url + '\\n');\n  return next(url, context);\n}\n",
    );
    writeFileSync(path.join(dir, 'probe.mjs'), "import { register } from 'node:module';\nregister(new URL('./hooks.mjs', import.meta.url));\n");
    try {
      const env = { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir, DATABASE_URL: '', MODULE_PROBE_FILE: probeFile };
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', '--import', path.join(dir, 'probe.mjs'), 'src/server/operator/cli.ts', 'society:list'],
        { env },
      );
      expect(stdout).toBe('ran society:list\n');
      const loaded = readFileSync(probeFile, 'utf8').split('\n').filter(Boolean);
      expect(loaded.some((u) => u.endsWith('/src/server/operator/socket.ts'))).toBe(true);
      expect(loaded.filter((u) => /\/node_modules\/(zod|drizzle-orm|pg|@electric-sql)\/|\/src\/server\/(db\/client|config)\.ts$/.test(u))).toEqual([]);
    } finally {
      await close();
      lock.release();
    }
  });
});
