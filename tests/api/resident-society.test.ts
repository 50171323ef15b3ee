/**
 * GET /api/resident/society: the signed-in resident's own society — name, time zone and the
 * emergency contacts the operator set (`society:emergency`), in order — which the resident app
 * keeps for its offline screen. Another society's contacts never reach them.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { residents, societies } from '../../src/server/db/schema.js';
import { staffAccountsService } from '../../src/server/modules/staff/service.js';
import { operatorActor, runCommand } from '../../src/server/operator/commands.js';
import type { ResidentSociety } from '../../src/shared/contracts/resident.js';
import { societyWithResident } from '../support/rows.js';
import { useHarness } from './harness.js';

describe('the resident’s society (GET /api/resident/society)', () => {
  const h = useHarness();
  const admin = (...argv: string[]) =>
    runCommand(
      argv,
      staffAccountsService({ db: h.database.db, clock: h.clock, temporaryPasswordHours: h.config.TEMP_PASSWORD_HOURS, revokeSessions: async () => {} }),
      operatorActor(),
    );
  const read = (authorization?: string) => h.app.inject({ method: 'GET', url: '/api/resident/society', headers: authorization ? { authorization } : {} });

  it("answers the resident's own society with its contacts in the order set, and another society's resident only theirs", async () => {
    const a = await societyWithResident(h.database.db, { name: 'Emergency Park A', timeZone: 'Asia/Dubai', password: 'resident-pass-a' });
    const b = await societyWithResident(h.database.db, { name: 'Emergency Park B', password: 'resident-pass-b' });
    const set = await admin(
      'society:emergency',
      '--society',
      a.code,
      '--set',
      'Guard room=03001234567',
      '--set',
      'Ambulance=1122',
      '--set',
      'Office=04235761200',
    );
    expect(set.code, set.err.join('\n')).toBe(0);

    const mine = await read(await h.residentAuth(a.phone, a.password));
    expect(mine.statusCode).toBe(200);
    expect(mine.json<ResidentSociety>()).toEqual({
      name: 'Emergency Park A',
      timeZone: 'Asia/Dubai',
      emergencyContacts: [
        { label: 'Guard room', phone: '03001234567' },
        { label: 'Ambulance', phone: '1122' },
        { label: 'Office', phone: '04235761200' },
      ],
    });

    const theirs = await read(await h.residentAuth(b.phone, b.password));
    expect(theirs.json<ResidentSociety>()).toEqual({ name: 'Emergency Park B', timeZone: 'Asia/Karachi', emergencyContacts: [] });

    expect((await admin('society:emergency', '--society', a.code, '--clear')).code).toBe(0);
    expect((await read(await h.residentAuth(a.phone, a.password))).json<ResidentSociety>().emergencyContacts).toEqual([]);
  });

  it('answers a Pending resident too (safety numbers while staff decide), and refuses a blocked one with 403', async () => {
    const r = await societyWithResident(h.database.db, { name: 'Emergency Park C', password: 'resident-pass-c' });
    expect((await admin('society:emergency', '--society', r.code, '--set', 'Gate=04235760000')).code).toBe(0);
    await h.database.db.update(residents).set({ status: 'Pending' }).where(eq(residents.id, r.residentId));
    const pending = await read(await h.residentAuth(r.phone, r.password));
    expect(pending.statusCode).toBe(200);
    expect(pending.json<ResidentSociety>().emergencyContacts).toEqual([{ label: 'Gate', phone: '04235760000' }]);
    const token = await h.residentAuth(r.phone, r.password);
    await h.database.db.update(residents).set({ status: 'Block' }).where(eq(residents.id, r.residentId));
    // Blocked behind the server's back (not through /Status): the cached token is refused all the
    // same, by the database's check in the request's first query.
    expect((await read(token)).statusCode).toBe(403);
  });

  it('refuses a request without a resident token (401) and a staff cookie (401)', async () => {
    expect((await read()).statusCode).toBe(401);
    expect((await read('Bearer not-a-token')).statusCode).toBe(401);
    const cookie = await h.staffCookie('super-admin@greenvalley.test');
    expect((await h.app.inject({ method: 'GET', url: '/api/resident/society', headers: { cookie } })).statusCode).toBe(401);
  });

  it('the demo societies have their own emergency contacts', async () => {
    const rows = await h.database.db.select({ name: societies.name, contacts: societies.emergencyContacts }).from(societies).where(eq(societies.code, 'GV'));
    expect(rows[0]!.contacts.map((c) => c.label)).toEqual(['Guard room', 'Society office', 'Maintenance (after hours)']);
  });
});
