import type { ResidentAlarm } from '../../src/shared/contracts/resident.js';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, deskRequests, outbox } from '../../src/server/db/schema.js';
import type { SecurityAlert } from '../../src/shared/contracts/security.js';
import { useHarness } from './harness.js';
import type { DeskChange } from '../../src/server/lib/events.js';
import { pressSos, raiseAlarm } from '../support/clients/security.js';

/**
 * Truly concurrent requests: on PostgreSQL these run on separate
 * pooled connections, so the compare-and-set updates and the `insert … on conflict` merge are what
 * keeps the outcome single. Residents of this file: Green Valley 03000000021–03000000023.
 */
describe('security alarms under concurrency', () => {
  // 20 presses at one instant must all be merged, not refused: the limit is raised for this file.
  const h = useHarness({ SOS_MAX_PRESSES_PER_MINUTE: '50' });
  const N = 20;

  async function sos(phone: string): Promise<ResidentAlarm> {
    return raiseAlarm(h.app, await h.residentAuth(phone));
  }
  const audit = async (id: number) =>
    (
      await h.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'security'), eq(auditLog.entityId, id)))
    ).map((r) => r.action);

  it('20 parallel acknowledgements of one alarm record one acknowledgement and one audit row', async () => {
    const alarm = await sos('03000000021');
    const cookie = await h.staffCookie('security@greenvalley.test');
    const events: number[] = [];
    const onAck = (e: { ack: { _id: number } }) => void events.push(e.ack._id);
    h.bus.on('alarm.acknowledged', onAck);
    try {
      const results = await Promise.all(
        Array.from({ length: N }, () => h.app.inject({ method: 'POST', url: `/api/security/${alarm._id}/acknowledge`, headers: { cookie } })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array<number>(N).fill(200));
      expect(new Set(results.map((r) => r.json<SecurityAlert>().acknowledgedAt)).size).toBe(1);
    } finally {
      h.bus.off('alarm.acknowledged', onAck);
    }
    expect((await audit(alarm._id)).filter((a) => a === 'acknowledge')).toHaveLength(1);
    expect(events.filter((id) => id === alarm._id)).toHaveLength(1);
  });

  it('20 parallel Proceeds: exactly one 200, the rest 409; one acknowledgement, one proceed, one push', async () => {
    const alarm = await sos('03000000022');
    const cookie = await h.staffCookie('security@greenvalley.test');
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        h.app.inject({ method: 'PUT', url: `/api/security/${alarm._id}`, headers: { cookie }, payload: { action: 'proceed', staffNote: `note ${i}` } }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(N - 1).fill(409)]);
    const winner = results.find((r) => r.statusCode === 200)!.json<SecurityAlert>();
    const [row] = await h.database.db.select().from(deskRequests).where(eq(deskRequests.id, alarm._id));
    expect(row).toMatchObject({ stage: 'processing', staffNote: winner.staffNote });
    expect(row!.acknowledgedAt).not.toBeNull();
    expect((await audit(alarm._id)).sort()).toEqual(['acknowledge', 'create', 'proceed']);
    const pushes = await h.database.db.select({ payload: outbox.payload }).from(outbox);
    expect(pushes.filter((p) => (p.payload as { data?: { documentId?: string } }).data?.documentId === String(alarm._id))).toHaveLength(1);
  });

  it('20 concurrent presses by one resident make one alarm with press count 20', async () => {
    const authorization = await h.residentAuth('03000000023');
    const created: number[] = [];
    const merged: number[] = [];
    const onCreated = (e: { kind: string; desk: string; id: number }) => void (e.kind === 'created' && e.desk === 'security' && created.push(e.id));
    const onPressed = (e: DeskChange) => void (e.desk === 'security' && e.kind === 'pressed' && merged.push(e.item.pressCount));
    h.bus.on('desk.changed', onCreated);
    h.bus.on('desk.changed', onPressed);
    const results = await Promise.all(Array.from({ length: N }, () => pressSos(h.app, authorization))).finally(() => {
      h.bus.off('desk.changed', onCreated);
      h.bus.off('desk.changed', onPressed);
    });
    expect(results.map((r) => r.statusCode)).toEqual(Array<number>(N).fill(201));
    const ids = new Set(results.map((r) => r.json<SecurityAlert>()._id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const [alarm] = await h.database.db.select().from(deskRequests).where(eq(deskRequests.id, id!));
    const rows = await h.database.db
      .select()
      .from(deskRequests)
      .where(and(eq(deskRequests.desk, 'security'), eq(deskRequests.residentId, alarm!.residentId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.pressCount).toBe(N);
    expect(created).toEqual([id]);
    expect(merged).toHaveLength(N - 1);
    expect(Math.max(...merged)).toBe(N);
    const actions = await audit(id!);
    expect(actions.filter((a) => a === 'create')).toHaveLength(1);
    expect(actions.filter((a) => a === 'pressed again')).toHaveLength(N - 1);
  });
});
