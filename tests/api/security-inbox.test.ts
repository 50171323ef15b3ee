import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { residents, societies } from '../../src/server/db/schema.js';
import { ALARM_INBOX_PAGE_SIZE, type PendingAlarms } from '../../src/shared/contracts/security.js';
import { useHarness } from './harness.js';

/**
 * The alarm inbox: every unacknowledged alarm of the society, newest first,
 * in keyset pages. More alarms than one page (and than the old limit of 200) come from 230
 * residents made for this file (phones 0399…), one open alarm each.
 */
describe('alarm inbox', () => {
  const h = useHarness({ ESCALATE_AFTER_S: '60' });
  const COUNT = 230;
  let pressed: number[] = [];

  async function pressAll(): Promise<number[]> {
    const [gv] = await h.database.db.select().from(societies).where(eq(societies.name, 'Green Valley'));
    const made = await h.database.db
      .insert(residents)
      .values(
        Array.from({ length: COUNT }, (_, i) => ({
          societyId: gv!.id,
          residentCode: `PX${String(i + 1).padStart(4, '0')}`,
          name: `Paging Resident ${i + 1}`,
          phone: `0399${String(i + 1).padStart(7, '0')}`,
        })),
      )
      .returning({ id: residents.id, residentCode: residents.residentCode, name: residents.name });
    const ids: number[] = [];
    for (const r of made) {
      h.clock.advance(1_000);
      const alarm = await h.security.file({ ...r, societyId: gv!.id, societyName: gv!.name, status: 'Approve', mustChangePassword: false }, '');
      ids.push(alarm._id);
    }
    return ids;
  }

  async function inbox(email: string) {
    const cookie = await h.staffCookie(email);
    return async (before?: number) => {
      const res = await h.app.inject({ method: 'GET', url: `/api/security/alarms${before === undefined ? '' : `?before=${before}`}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return res.json<PendingAlarms>();
    };
  }

  it('returns every unacknowledged alarm newest first, 100 a page; acknowledging between pages hides none', async () => {
    pressed = await pressAll();
    const page = await inbox('security@greenvalley.test');
    const first = await page();
    expect(first.total).toBe(COUNT);
    expect(first.items).toHaveLength(ALARM_INBOX_PAGE_SIZE);
    const newestFirst = [...pressed].reverse();
    expect(first.items.map((a) => a._id)).toEqual(newestFirst.slice(0, 100));
    expect(first.nextBefore).toBe(newestFirst[99]);

    // Five alarms of the first page are acknowledged before the screen asks for the second.
    const cookie = await h.staffCookie('security@greenvalley.test');
    for (const id of newestFirst.slice(0, 5)) {
      expect((await h.app.inject({ method: 'POST', url: `/api/security/${id}/acknowledge`, headers: { cookie } })).statusCode).toBe(200);
    }
    const second = await page(first.nextBefore!);
    expect(second.total).toBe(COUNT - 5);
    expect(second.items.map((a) => a._id)).toEqual(newestFirst.slice(100, 200));
    const third = await page(second.nextBefore!);
    expect(third.items.map((a) => a._id)).toEqual(newestFirst.slice(200));
    expect(third.nextBefore).toBeNull();

    const bad = await h.app.inject({ method: 'GET', url: '/api/security/alarms?before=abc', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('before');
  });

  it("super-admin's inbox holds the escalated ones, paged the same way", async () => {
    const page = await inbox('super-admin@greenvalley.test');
    expect((await page()).total).toBe(0);
    h.clock.advance(60_001);
    // 225 due alarms: three escalation batches of at most 100.
    await h.jobs.escalation.runOnce();
    const seen: number[] = [];
    let next: number | null | undefined;
    do {
      const p = await page(next ?? undefined);
      expect(p.total).toBe(COUNT - 5);
      seen.push(...p.items.map((a) => a._id));
      for (const a of p.items) expect(a.escalated).toBe(true);
      next = p.nextBefore;
    } while (next !== null);
    expect(seen).toEqual([...pressed].reverse().slice(5));
  });
});
