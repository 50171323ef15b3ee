import { and, asc, count, eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/server/db/client.js';
import { auditLog, deskRequests } from '../../src/server/db/schema.js';
import { inSocietyOneStatement } from '../../src/server/db/society-scope.js';
import { useHarness } from './harness.js';
import { outcomeOf } from './row-level-security/support.js';
import { raiseAlarm } from '../support/clients/security.js';
import { builtAndSent, firstTransaction, watchRoundTrips } from '../support/round-trips.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * What an SOS press costs the database: the alarm and its audit row are one statement, whose
 * transaction (BEGIN, the society scope, the statement, COMMIT) is one round trip on PostgreSQL's
 * pipelining alarm lane; only the shared press limit's count goes before it. Every round trip is
 * a wait for a database process to be given a core, which on a busy machine is the alarm's delay.
 */
describe('statements and round trips of an SOS press', () => {
  const h = useHarness();
  afterEach(() => vi.restoreAllMocks());

  const audit = (id: number) =>
    h.database.db
      .select({ action: auditLog.action, toStage: auditLog.toStage, actorKind: auditLog.actorKind })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'security'), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id));
  const probes = async (action: string) => (await h.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!.n;
  /** One audit row of society `societyId` with `action`, sent at once (its `then` is called). */
  const insertProbe = (tx: Db, societyId: number, action: string) =>
    tx
      .insert(auditLog)
      .values({ societyId, actorKind: 'system', actorId: null, actorName: 'test', entity: 'security', entityId: 0, action, at: h.clock.now() })
      .then((r) => r);

  it('a press is one statement with its audit row, and its transaction one round trip on PostgreSQL', async () => {
    const authorization = await h.residentAuth('03000000041');
    // The session is read once, then cached: the press below is what every press costs.
    expect((await h.app.inject({ method: 'GET', url: '/api/resident/alarms', headers: { authorization } })).statusCode).toBe(200);
    let id = 0;
    const watched = await watchRoundTrips(async () => {
      id = (await raiseAlarm(h.app, authorization))._id;
    });
    const press = firstTransaction(watched);
    const shown = watched.statements.join('\n');
    expect(press.statements, shown).toEqual(['begin', "select set_config('a", 'with "stored" as (in', 'commit']);
    expect(
      watched.statements.filter((s) => /audit_log/.test(s)),
      'no audit statement of its own',
    ).toEqual([]);
    // The cached token is confirmed by the scope's statement itself (no statement of its own).
    expect(
      watched.sent.filter((s) => s.text.includes('session_holds')).map((s) => s.text.slice(0, 20)),
      'the token check rides in the scope statement',
    ).toEqual(["select set_config('a"]);
    // BEGIN, the scope, the press and COMMIT leave together and are answered together.
    if (onPostgres) {
      expect(press.roundTrips, shown).toBe(1);
      // …in one system call each round trip (db/lane-client.ts), on its connection.
      expect(press.connection.writes, 'socket writes').toBe(press.connection.roundTrips);
    }
    // Read from another connection: the press and its audit row were committed.
    expect(await audit(id)).toEqual([{ action: 'create', toStage: 'new', actorKind: 'resident' }]);

    await raiseAlarm(h.app, authorization, { securityComplain: 'Gate 2' });
    expect(await audit(id)).toEqual([
      { action: 'create', toStage: 'new', actorKind: 'resident' },
      { action: 'pressed again', toStage: null, actorKind: 'resident' },
    ]);
  });

  it('a press with an Idempotency-Key costs the same: no statement of its own, nothing before the press', async () => {
    const authorization = await h.residentAuth('03000000045');
    expect((await h.app.inject({ method: 'GET', url: '/api/resident/alarms', headers: { authorization } })).statusCode).toBe(200);
    const watched = await watchRoundTrips(async () => {
      const res = await h.app.inject({ method: 'POST', url: '/api/security', headers: { authorization, 'idempotency-key': crypto.randomUUID() }, payload: {} });
      expect(res.statusCode, res.body).toBe(201);
    });
    const shown = watched.statements.join('\n');
    expect(firstTransaction(watched).statements, shown).toEqual(['begin', "select set_config('a", 'with "stored" as (in', 'commit']);
    expect(
      watched.statements.filter((s) => /idempotency/.test(s)),
      'no idempotency statement',
    ).toEqual([]);
  });

  it.skipIf(!onPostgres)('the press statement is built once per connection, not once per press', async () => {
    const authorization = await h.residentAuth('03000000043');
    expect((await h.app.inject({ method: 'GET', url: '/api/resident/alarms', headers: { authorization } })).statusCode).toBe(200);
    const built = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    const presses = 6;
    const watched = await watchRoundTrips(async () => {
      for (let i = 0; i < presses; i++) await raiseAlarm(h.app, authorization, { securityComplain: `Gate ${i}` });
    });
    const press = builtAndSent(watched, built, (text) => text.startsWith('with "stored" as (insert into "desk_requests"'));
    expect(press.sent, 'presses sent').toBe(presses);
    // Sequential presses reuse the lane's idle connection, so most find the statement built.
    expect(press.connections, 'connections that carried a press').toBeLessThan(presses);
    expect(press.builds, 'press texts built').toBeLessThanOrEqual(press.connections);
    // The merged presses kept their words: the values, not the text, changed between them.
    const alarm = await h.database.db
      .select({ body: deskRequests.body, pressCount: deskRequests.pressCount })
      .from(deskRequests)
      .where(eq(deskRequests.desk, 'security'));
    expect(alarm.find((a) => a.body.startsWith('Gate 0'))).toEqual({
      body: Array.from({ length: presses }, (_, i) => `Gate ${i}`).join('\n'),
      pressCount: presses,
    });
  });

  it.skipIf(!onPostgres)('an acknowledgement reads its alarm and the alarm’s own columns with statements built once per connection', async () => {
    const alarm = await raiseAlarm(h.app, await h.residentAuth('03000000044'));
    const cookie = await h.staffCookie('security@greenvalley.test');
    expect((await h.app.inject({ method: 'GET', url: '/api/security/alarms', headers: { cookie } })).statusCode).toBe(200);
    const built = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    const acks = 5;
    const answers: { _id: number; acknowledgedBy: string | null }[] = [];
    const watched = await watchRoundTrips(async () => {
      for (let i = 0; i < acks; i++) {
        const res = await h.app.inject({ method: 'POST', url: `/api/security/${alarm._id}/acknowledge`, headers: { cookie } });
        expect(res.statusCode, res.body).toBe(200);
        answers.push(res.json());
      }
    });
    // The desk's one-row read: its columns, and the row by society and id.
    const read = builtAndSent(watched, built, (text) => /^select "desk_requests"\."id", .* "desk_requests"\."id" = \$\d+\)$/s.test(text));
    expect(read.sent, 'row reads sent').toBe(acks);
    expect(read.connections, 'connections that carried a row read').toBeLessThan(acks);
    expect(read.builds, 'row read texts built').toBeLessThanOrEqual(read.connections);
    // The alarm's own columns (acknowledger, presses, away today): the ids one array parameter.
    const details = builtAndSent(watched, built, (text) => /"press_count"/.test(text) && /= any\(\$\d+::int\[\]\)/.test(text));
    expect(details.sent, 'alarm details reads sent').toBe(acks);
    expect(details.builds, 'alarm details texts built').toBeLessThanOrEqual(details.connections);
    // Each answer is the alarm, acknowledged once by the first.
    expect(new Set(answers.map((a) => `${a._id} ${a.acknowledgedBy}`))).toEqual(new Set([`${alarm._id} ${answers[0]!.acknowledgedBy}`]));
    expect(answers[0]!.acknowledgedBy).not.toBeNull();
  });

  it('an acknowledgement is one statement with its audit row, read back with the alarm in the same round trip (two with COMMIT on PostgreSQL)', async () => {
    const alarm = await raiseAlarm(h.app, await h.residentAuth('03000000042'));
    const cookie = await h.staffCookie('security@greenvalley.test');
    const ack = () => h.app.inject({ method: 'POST', url: `/api/security/${alarm._id}/acknowledge`, headers: { cookie } });
    // The staff session is read once, then cached.
    expect((await h.app.inject({ method: 'GET', url: '/api/security/alarms', headers: { cookie } })).statusCode).toBe(200);
    let answer: { acknowledgedBy: string | null } | undefined;
    const watched = await watchRoundTrips(async () => {
      const res = await ack();
      expect(res.statusCode, res.body).toBe(200);
      answer = res.json();
    });
    const acknowledgement = firstTransaction(watched);
    const shown = watched.statements.join('\n');
    expect(acknowledgement.statements, shown).toEqual([
      'begin',
      "select set_config('a",
      'with acked as ( upda',
      'select "desk_request',
      'select "id", "staff_',
      'commit',
    ]);
    if (onPostgres) {
      expect(acknowledgement.roundTrips, shown).toBe(2);
      expect(acknowledgement.connection.writes, 'socket writes').toBe(acknowledgement.connection.roundTrips);
    }
    expect(answer?.acknowledgedBy).not.toBeNull();
    expect((await audit(alarm._id)).map((a) => a.action)).toEqual(['create', 'acknowledge']);
  });

  it("a statement that fails in its scope (another society's row) writes nothing, throws its own error, and leaves the lane clean", async () => {
    // Society 1's scope may not write society 2's row (row-level security).
    expect(await outcomeOf(inSocietyOneStatement(h.database.alarmDb, 1, (tx) => insertProbe(tx, 2, 'probe-refused')))).toMatch(/row-level security/);
    expect(await probes('probe-refused')).toBe(0);
    // Every connection of the lane is usable afterwards: no transaction left open or aborted.
    for (let i = 0; i < 6; i++) await inSocietyOneStatement(h.database.alarmDb, 1, (tx) => insertProbe(tx, 1, 'probe-written'));
    expect(await probes('probe-written')).toBe(6);
  });

  it.skipIf(!onPostgres)('a statement sent late (after an await) is refused before COMMIT, and writes nothing', async () => {
    const late = inSocietyOneStatement(h.database.alarmDb, 1, async (tx) => {
      await Promise.resolve();
      return insertProbe(tx, 1, 'probe-late');
    });
    await expect(late).rejects.toThrow(/sent at once/);
    expect(await probes('probe-late')).toBe(0);
  });
});
