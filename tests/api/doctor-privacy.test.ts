import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, notifications, outbox, residents, staffUsers } from '../../src/server/db/schema.js';
import type { PushPayload } from '../../src/server/modules/outbox/repo.js';
import type { Consultation, DoctorRequest, Prescription, ResidentConsultation } from '../../src/shared/contracts/doctor.js';
import { IN_APP, MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { staffAs } from '../support/clients/sessions.js';
import { fileDoctor, residentConsultations } from '../support/clients/doctor.js';

/**
 * Health data: prescriptions are read only by the society's button-two staff and by the
 * patient, every read audited; residents see their own consultations; a resident without a push
 * token still gets the link and the in-app record. Residents of this file: Green Valley
 * 03000000005–03000000009, Lake City 03100000002.
 */
describe('doctor: prescription privacy and the resident’s own consultations', () => {
  const h = useHarness();
  const db = () => h.database.db;
  const PRESCRIPTION = { disease: 'Hypertension', medicine: 'Amlodipine 5 mg', testNeeded: 'Lipid profile', thingsToDo: 'Less salt, walk daily' };

  const as = staffAs(h);
  const file = (phone: string, description: string) => fileDoctor(h, phone, description);
  /** A request with its link and, unless `prescribe` is false, its prescription. */
  async function consultation(phone: string, description: string, prescribe = true): Promise<DoctorRequest> {
    const staff = await as('doctor@greenvalley.test');
    const req = await file(phone, description);
    expect((await staff.put(`/api/doctor/${req._id}/link`, { meetingId: `room-${req._id}` })).statusCode).toBe(200);
    if (prescribe) expect((await staff.put(`/api/consultations/${req._id}/prescription`, PRESCRIPTION)).statusCode).toBe(200);
    return req;
  }
  const reads = async (id: number) =>
    db()
      .select({ actorKind: auditLog.actorKind, actorName: auditLog.actorName, at: auditLog.at })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'doctor'), eq(auditLog.entityId, id), eq(auditLog.action, 'read prescription')))
      .orderBy(asc(auditLog.id));
  const residentList = (phone: string, qs = '') => residentConsultations(h, phone, qs);

  it('lets the society’s button-two staff read a prescription, auditing every read (who, when)', async () => {
    const req = await consultation('03000000005', 'Headaches');
    const doctor = await as('doctor@greenvalley.test');
    const [me] = await db().select({ name: staffUsers.name }).from(staffUsers).where(eq(staffUsers.email, 'doctor@greenvalley.test'));
    expect(await reads(req._id)).toEqual([]);

    const first = await doctor.get(`/api/consultations/${req._id}/prescription`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Prescription>()).toEqual({ _id: req._id, ...PRESCRIPTION, prescribedAt: expect.any(String), prescribedBy: me!.name });
    h.clock.advance(5_000);
    expect((await doctor.get(`/api/consultations/${req._id}/prescription`)).statusCode).toBe(200);
    const rows = await reads(req._id);
    expect(rows.map((r) => [r.actorKind, r.actorName])).toEqual([
      ['staff', me!.name],
      ['staff', me!.name],
    ]);
    expect(rows[1]!.at.getTime() - rows[0]!.at.getTime()).toBe(5_000);
    // The lists never carry the prescription's content.
    const done = (await doctor.get('/api/consultations?stage=done')).json<{ items: Consultation[] }>().items.find((c) => c._id === req._id)!;
    expect(done.prescription).toBe(true);
    expect(JSON.stringify(done)).not.toContain(PRESCRIPTION.medicine);
  });

  it('refuses everyone else: other sub-roles and super-admin 403 (privacy message), Lake City’s doctor desk 404, no audit row', async () => {
    const req = await consultation('03000000006', 'Chest pain');
    for (const handle of ['super-admin', 'complaints', 'grocery', 'security', 'billing']) {
      const res = await (await as(`${handle}@greenvalley.test`)).get(`/api/consultations/${req._id}/prescription`);
      expect(res.statusCode, handle).toBe(403);
      expect(res.json().message, handle).toBe(MSG.prescriptionPrivate);
    }
    const [admin] = await db().select({ subRole: staffUsers.subRole }).from(staffUsers).where(eq(staffUsers.email, 'super-admin@greenvalley.test'));
    expect(admin!.subRole).toBe('super-admin');
    expect((await (await as('doctor@lakecity.test')).get(`/api/consultations/${req._id}/prescription`)).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: `/api/consultations/${req._id}/prescription` })).statusCode).toBe(401);
    expect(await reads(req._id)).toEqual([]);
  });

  it('answers 404 (and audits nothing) before the prescription is written', async () => {
    const req = await consultation('03000000007', 'Sore throat', false);
    const doctor = await as('doctor@greenvalley.test');
    expect((await doctor.get(`/api/consultations/${req._id}/prescription`)).statusCode).toBe(404);
    const other = await file('03000000007', 'Not linked yet');
    expect((await doctor.get(`/api/consultations/${other._id}/prescription`)).statusCode).toBe(404);
    expect(await reads(req._id)).toEqual([]);
  });

  it('shows residents their own consultations newest first, with link and prescription, auditing the resident’s reads', async () => {
    const older = await consultation('03000000008', 'Knee pain');
    const linked = await consultation('03000000008', 'Follow-up', false);
    const newest = await file('03000000008', 'Allergy');
    const res = await residentList('03000000008');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: ResidentConsultation[]; total: number }>();
    expect(body.total).toBe(3);
    expect(body.items.map((i) => i._id)).toEqual([newest._id, linked._id, older._id]);
    expect(body.items[0]).toMatchObject({ description: 'Allergy', stage: 'new', meeting: null, prescription: null });
    expect(body.items[1]).toMatchObject({
      stage: 'processing',
      meeting: { meetingId: `room-${linked._id}`, meetingUrl: `https://meet.jit.si/room-${linked._id}`, meetingStatus: 'Link Generated' },
      prescription: null,
    });
    expect(body.items[2]).toMatchObject({ stage: 'completed', meeting: { meetingStatus: 'Meeting Held' }, prescription: { _id: older._id, ...PRESCRIPTION } });
    const [resident] = await db().select({ name: residents.name }).from(residents).where(eq(residents.phone, '03000000008'));
    expect((await reads(older._id)).map((r) => [r.actorKind, r.actorName])).toEqual([['resident', resident!.name]]);
    expect(await reads(linked._id)).toEqual([]);

    // Another resident of the society, and one of Lake City, see none of them.
    for (const phone of ['03000000009', '03100000002']) {
      const theirs = (await residentList(phone)).json<{ items: ResidentConsultation[] }>();
      expect(theirs.items.map((i) => i._id).filter((id) => [older._id, linked._id, newest._id].includes(id))).toEqual([]);
    }
    expect((await reads(older._id)).length).toBe(1);
    expect((await residentList('03000000008', '?page=0')).json().field).toBe('page');
    expect((await h.app.inject({ method: 'GET', url: '/api/resident/consultations' })).statusCode).toBe(401);
  });

  it('gives a resident without a push token the link and the in-app record; the push is queued to nobody and not retried', async () => {
    await db().update(residents).set({ pushToken: null }).where(eq(residents.phone, '03000000009'));
    const req = await consultation('03000000009', 'Dizziness', false);
    const records = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.refEntity, 'doctor'), eq(notifications.refId, req._id)));
    expect(records.map((n) => ({ title: n.title, description: n.description }))).toEqual([IN_APP.linkGenerated]);
    const mine = sql`${outbox.payload}->'data'->>'documentId' = ${String(req._id)}`;
    const [queued] = await db().select().from(outbox).where(mine);
    expect((queued!.payload as PushPayload).to).toBeNull();
    await h.outbox.poke();
    const [after] = await db().select().from(outbox).where(mine);
    expect(after).toMatchObject({ status: 'sent', attempts: 1 });
    const list = (await residentList('03000000009')).json<{ items: ResidentConsultation[] }>();
    expect(list.items.find((i) => i._id === req._id)?.meeting?.meetingId).toBe(`room-${req._id}`);
  });
});
