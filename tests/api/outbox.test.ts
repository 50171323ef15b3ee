import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, residents, residentSessions, staffSessions, staffUsers } from '../../src/server/db/schema.js';
import { maintenanceRepo } from '../../src/server/modules/maintenance/repo.js';
import { purgeService } from '../../src/server/modules/maintenance/purge.js';
import { backoffMs, outboxRepo, type OutboxRow, type PushPayload } from '../../src/server/modules/outbox/repo.js';
import { queuePush, queuePushes } from '../../src/server/modules/outbox/service.js';
import { OUTBOX_DEFAULTS, outboxWorker, type PushTransport } from '../../src/server/modules/outbox/worker.js';
import { useHarness } from './harness.js';

const DAY_MS = 86_400_000;

/**
 * The outbox worker and the purge job on a real database, with the app's manual clock. Each test
 * enqueues its own rows (titles carry the test's prefix) and drives its own worker instances; the
 * app's own worker is never poked here.
 */
describe('outbox', () => {
  const h = useHarness();
  const db = () => h.database.db;

  async function enqueue(title: string, extra: Partial<typeof outbox.$inferInsert> = {}): Promise<number> {
    const payload: PushPayload = { to: null, residentId: 1, title, body: 'test push' };
    const [row] = await db()
      .insert(outbox)
      .values({ societyId: 1, kind: 'push', payload, ...extra })
      .returning({ id: outbox.id });
    return row!.id;
  }
  async function get(id: number): Promise<OutboxRow> {
    const [row] = await db().select().from(outbox).where(eq(outbox.id, id));
    return row!;
  }
  /** A worker on the test database; `marks` records what each markSent answered. */
  function worker(transport: PushTransport, marks: boolean[] = []) {
    const repo = outboxRepo(db(), h.clock);
    const markSent = async (row: OutboxRow) => {
      const held = await repo.markSent(row);
      marks.push(held);
      return held;
    };
    const spied = { ...repo, markSent };
    return outboxWorker({ repo: spied, transport, log: h.app.log, clock: h.clock, pollMs: 60_000 });
  }
  /** Titles a transport received, for the titles starting with `prefix`. */
  const mine = (titles: string[], prefix: string) => titles.filter((t) => t.startsWith(prefix));

  it('retries a failed push after its back-off and then delivers it once', async () => {
    const id = await enqueue('retry:1');
    const tries: string[] = [];
    let failuresLeft = 1;
    const w = worker({
      async send(p) {
        tries.push(p.title);
        if (failuresLeft-- > 0) throw new Error('push service down');
      },
    });

    await w.poke();
    expect(await get(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Error: push service down' });
    expect((await get(id)).availableAt).toEqual(new Date(h.clock.now().getTime() + backoffMs(1)));

    h.clock.advance(backoffMs(1) - 1);
    await w.poke();
    expect(mine(tries, 'retry:')).toEqual(['retry:1']);

    h.clock.advance(1);
    await w.poke();
    expect(mine(tries, 'retry:')).toEqual(['retry:1', 'retry:1']);
    const sent = await get(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(sent.sentAt).toEqual(h.clock.now());

    h.clock.advance(DAY_MS);
    await w.poke();
    expect(mine(tries, 'retry:')).toHaveLength(2);
  });

  it('gives up after the last attempt and marks the row failed', async () => {
    const id = await enqueue('giveup:1');
    const tries: string[] = [];
    const w = worker({
      async send(p) {
        tries.push(p.title);
        throw new Error('invalid device token');
      },
    });
    for (let attempt = 1; attempt <= OUTBOX_DEFAULTS.maxAttempts; attempt++) {
      await w.poke();
      expect(mine(tries, 'giveup:')).toHaveLength(attempt);
      h.clock.advance(backoffMs(attempt));
    }
    expect(await get(id)).toMatchObject({ status: 'failed', attempts: OUTBOX_DEFAULTS.maxAttempts, lastError: 'Error: invalid device token', sentAt: null });
    h.clock.advance(30 * DAY_MS);
    await w.poke();
    expect(mine(tries, 'giveup:')).toHaveLength(OUTBOX_DEFAULTS.maxAttempts);
  });

  it('does not mark a row sent once its lease has passed and another worker claimed it', async () => {
    const id = await enqueue('lease:1');
    const byA: string[] = [];
    const byB: string[] = [];
    const marksA: boolean[] = [];
    const marksB: boolean[] = [];
    let sentAtB: Date | undefined;
    const b = worker({ send: async (p) => void byB.push(p.title) }, marksB);
    // A's send is slow: the lease passes, B (another server on the same database) claims the row
    // and delivers it, and only then does A's send return.
    const a = worker(
      {
        async send(p) {
          byA.push(p.title);
          h.clock.advance(OUTBOX_DEFAULTS.leaseMs + 1);
          await b.poke();
          sentAtB = h.clock.now();
          h.clock.advance(5_000);
        },
      },
      marksA,
    );

    await a.poke();
    expect(mine(byA, 'lease:')).toEqual(['lease:1']);
    expect(mine(byB, 'lease:')).toEqual(['lease:1']);
    expect(marksB).toEqual([true]);
    expect(marksA).toEqual([false]);
    const row = await get(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(row.sentAt).toEqual(sentAtB);
  });

  it('skips the rest of a claim whose lease passed during an earlier send, leaving it to the next claim', async () => {
    const first = await enqueue('batch:1');
    const second = await enqueue('batch:2');
    const byA: string[] = [];
    const byB: string[] = [];
    const a = worker({
      async send(p) {
        byA.push(p.title);
        h.clock.advance(OUTBOX_DEFAULTS.leaseMs + 1);
      },
    });
    await a.poke();
    expect(mine(byA, 'batch:')).toEqual(['batch:1']);
    // Nobody claimed the first row since: A's late mark is still its own.
    expect(await get(first)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await get(second)).toMatchObject({ status: 'pending', attempts: 1 });

    await worker({ send: async (p) => void byB.push(p.title) }).poke();
    expect(mine(byB, 'batch:')).toEqual(['batch:2']);
    expect(await get(second)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('queuePush and queuePushes write campaignId to outbox.campaign_id, not into the payload', async () => {
    await db().transaction(async (tx) => {
      await queuePush(tx, 1, { to: 'device-1', residentId: 1, title: 'campaign:one', body: 'b', campaignId: 4242 });
      await queuePush(tx, 1, { to: 'device-1', residentId: 1, title: 'campaign:none', body: 'b' });
      const many = Array.from({ length: 1001 }, (_, i): PushPayload => ({ to: null, residentId: 1, title: `campaign:many:${i}`, body: 'b', campaignId: 4343 }));
      await queuePushes(tx, 1, many);
    });
    const rows = await db()
      .select()
      .from(outbox)
      .where(inArray(outbox.campaignId, [4242, 4343]));
    expect(rows.filter((r) => r.campaignId === 4242).map((r) => r.payload)).toEqual([{ to: 'device-1', residentId: 1, title: 'campaign:one', body: 'b' }]);
    expect(rows.filter((r) => r.campaignId === 4343)).toHaveLength(1001);
    const [plain] = await db()
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'title' = 'campaign:none'`);
    expect(plain).toMatchObject({ campaignId: null, status: 'pending' });
  });

  // Same database: the purge tests look only at their own rows. Earlier tests moved the clock
  // about 31 days forward in all, so their sent rows are never 90 days old.
  const outboxIds = async (ids: number[]) =>
    (await db().select({ id: outbox.id }).from(outbox).where(inArray(outbox.id, ids))).map((r) => r.id).sort((x, y) => x - y);

  it('purge: deletes sent pushes older than OUTBOX_RETENTION_DAYS and expired sessions, nothing else', async () => {
    const now = h.clock.now().getTime();
    const retention = h.config.OUTBOX_RETENTION_DAYS * DAY_MS;
    const oldSent = await enqueue('old sent', { status: 'sent', attempts: 1, sentAt: new Date(now - retention - 1) });
    const recentSent = await enqueue('recent sent', { status: 'sent', attempts: 1, sentAt: new Date(now - retention + 1_000) });
    const oldPending = await enqueue('old pending', { createdAt: new Date(now - 30 * DAY_MS) });
    const oldFailed = await enqueue('old failed', { status: 'failed', attempts: 8, createdAt: new Date(now - 30 * DAY_MS) });

    const [staff] = await db().select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, 'announcements@greenvalley.test'));
    const [resident] = await db().select({ id: residents.id }).from(residents).where(eq(residents.phone, '03000000051'));
    const token = () => randomUUID();
    const [staffExpired, staffLive, residentExpired, residentLive] = [token(), token(), token(), token()];
    await db()
      .insert(staffSessions)
      .values([
        { tokenHash: staffExpired, staffId: staff!.id, expiresAt: new Date(now - 1) },
        { tokenHash: staffLive, staffId: staff!.id, expiresAt: new Date(now + 60_000) },
      ]);
    await db()
      .insert(residentSessions)
      .values([
        { tokenHash: residentExpired, residentId: resident!.id, expiresAt: new Date(now - 1) },
        { tokenHash: residentLive, residentId: resident!.id, expiresAt: new Date(now + 60_000) },
      ]);

    await h.jobs.purge.runOnce();

    expect(await outboxIds([oldSent, recentSent, oldPending, oldFailed])).toEqual([recentSent, oldPending, oldFailed]);
    const staffLeft = await db()
      .select({ t: staffSessions.tokenHash })
      .from(staffSessions)
      .where(inArray(staffSessions.tokenHash, [staffExpired, staffLive]));
    expect(staffLeft.map((r) => r.t)).toEqual([staffLive]);
    const residentLeft = await db()
      .select({ t: residentSessions.tokenHash })
      .from(residentSessions)
      .where(inArray(residentSessions.tokenHash, [residentExpired, residentLive]));
    expect(residentLeft.map((r) => r.t)).toEqual([residentLive]);
  });

  it('purge: deletes in bounded batches until nothing old is left', async () => {
    const sentAt = new Date(h.clock.now().getTime() - 100 * DAY_MS);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await enqueue(`batch ${i}`, { status: 'sent', attempts: 1, sentAt }));
    const repo = maintenanceRepo(db());
    const batches: number[] = [];
    const deleteSentOutboxBefore = async (cutoff: Date, limit: number) => {
      const n = await repo.deleteSentOutboxBefore(cutoff, limit);
      batches.push(n);
      return n;
    };
    // 90 days: only this test's rows (sent 100 days ago) are that old.
    const purge = purgeService({ repo: { ...repo, deleteSentOutboxBefore }, clock: h.clock, retentionDays: 90, log: h.app.log, batchSize: 2 });

    expect((await purge.purgeOnce()).outbox).toBe(5);
    expect(batches).toEqual([2, 2, 1]);
    expect(await outboxIds(ids)).toEqual([]);
  });
});
