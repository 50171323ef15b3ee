import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { auditLog, consultations, deskRequests, notifications, outbox, residents } from '../../src/server/db/schema.js';
import type { PushPayload } from '../../src/server/modules/outbox/repo.js';
import type { Consultation, DoctorRequest, FreshMeetingLink } from '../../src/shared/contracts/doctor.js';
import { IN_APP, MSG, PUSH } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { staffAs } from '../support/clients/sessions.js';
import { fileDoctor } from '../support/clients/doctor.js';
import { openStaffSocket } from '../support/staff-socket.js';

/**
 * The doctor desk end to end: a resident's request → meeting link → 'doctor ready' →
 * prescription, with the pushes, in-app records, audit rows and live events of each transition;
 * bad input; concurrent link generations. Residents of this file: Green Valley 03000000001–04,
 * Lake City 03100000001.
 */
describe('doctor desk', () => {
  const h = useHarness({ MEET_ALLOWED_HOSTS: 'meet.example.org' });
  const db = () => h.database.db;
  let url = '';
  const sockets: Socket[] = [];
  beforeAll(async () => {
    url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => sockets.forEach((s) => s.close()));

  const as = staffAs(h);
  const file = (phone: string, description?: string) => fileDoctor(h, phone, description);
  const setPushToken = (phone: string, token: string | null) => db().update(residents).set({ pushToken: token }).where(eq(residents.phone, phone));
  /** Pushes queued for one request, oldest first. */
  const queued = async (id: number) =>
    (
      await db()
        .select({ payload: outbox.payload })
        .from(outbox)
        .where(sql`${outbox.payload}->'data'->>'documentId' = ${String(id)}`)
        .orderBy(asc(outbox.id))
    ).map((r) => r.payload as PushPayload);
  const inApp = async (id: number) =>
    (
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.refEntity, 'doctor'), eq(notifications.refId, id)))
        .orderBy(asc(notifications.id))
    ).map((n) => ({
      title: n.title,
      description: n.description,
    }));
  const auditActions = async (id: number) =>
    (
      await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'doctor'), eq(auditLog.entityId, id)))
        .orderBy(asc(auditLog.id))
    ).map((r) => r.action);
  /** Everything a refused write must leave alone. */
  const written = async (id: number) => {
    const [row] = await db().select().from(deskRequests).where(eq(deskRequests.id, id));
    const [all] = await db().select({ n: count() }).from(outbox);
    return {
      consultation: await db().select().from(consultations).where(eq(consultations.requestId, id)),
      row,
      pushes: await queued(id),
      outboxRows: all!.n,
      inApp: await inApp(id),
      audit: await auditActions(id),
    };
  };

  it('takes a request from new through link, doctor ready and prescription to completed, with pushes and in-app records', async () => {
    await setPushToken('03000000001', 'device-gv-1');
    const staff = await as('doctor@greenvalley.test');
    const req = await file('03000000001', 'Fever for three days');
    expect(req).toMatchObject({ description: 'Fever for three days', edit: false, stage: 'new', societyName: 'Green Valley' });
    expect(req.resident.phoneNo).toBe('03000000001');
    expect((await staff.get('/api/doctor')).json<{ items: DoctorRequest[] }>().items.map((r) => r._id)).toContain(req._id);

    const fresh = (await staff.get('/api/doctor/meeting-link')).json<FreshMeetingLink>();
    expect(fresh.meetingId).toMatch(/^SocietyDesk-[A-Za-z0-9_-]{24}$/);
    expect(fresh.meetingUrl).toBe(`https://meet.jit.si/${fresh.meetingId}`);
    expect((await staff.get('/api/doctor/meeting-link')).json<FreshMeetingLink>().meetingId).not.toBe(fresh.meetingId);

    const linked = await staff.put(`/api/doctor/${req._id}/link`, { meetingId: fresh.meetingId, description: 'Check temperature first' });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<Consultation>()).toMatchObject({
      _id: req._id,
      meetingId: fresh.meetingId,
      meetingUrl: fresh.meetingUrl,
      description: 'Check temperature first',
      requestDescription: 'Fever for three days',
      meetingStatus: 'Link Generated',
      prescription: false,
      readyNotifiedAt: null,
      prescribedAt: null,
      patientPhone: '03000000001',
      patientName: req.resident.name,
    });
    expect((await staff.get('/api/doctor')).json<{ items: DoctorRequest[] }>().items.map((r) => r._id)).not.toContain(req._id);
    expect((await staff.get(`/api/doctor/${req._id}`)).json()).toMatchObject({ edit: true, stage: 'processing' });
    const open = (await staff.get('/api/consultations?stage=open')).json<{ items: Consultation[] }>().items;
    const listed = open.find((c) => c._id === req._id);
    expect(listed).toMatchObject({ meetingStatus: 'Link Generated', prescription: false });
    expect(Object.keys(listed!).filter((k) => ['disease', 'medicine', 'testNeeded', 'thingsToDo'].includes(k))).toEqual([]);

    // Opening the meeting however often, also at once: one push, one audit row.
    const first = await staff.post(`/api/consultations/${req._id}/ready`);
    expect(first.statusCode, first.body).toBe(200);
    const readyAt = first.json<Consultation>().readyNotifiedAt;
    expect(readyAt).toBe(h.clock.now().toISOString());
    h.clock.advance(60_000);
    const more = await Promise.all(Array.from({ length: 5 }, () => staff.post(`/api/consultations/${req._id}/ready`)));
    expect(more.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(more.map((r) => r.json<Consultation>().readyNotifiedAt))).toEqual(new Set([readyAt]));

    const prescribed = await staff.put(`/api/consultations/${req._id}/prescription`, {
      disease: 'Viral fever',
      medicine: 'Paracetamol 500 mg',
      testNeeded: 'CBC',
      thingsToDo: 'Rest, fluids',
    });
    expect(prescribed.statusCode, prescribed.body).toBe(200);
    expect(prescribed.json<Consultation>()).toMatchObject({ meetingStatus: 'Meeting Held', prescription: true, prescribedAt: h.clock.now().toISOString() });
    expect((await staff.post(`/api/consultations/${req._id}/ready`)).statusCode).toBe(409);
    const again = await staff.put(`/api/consultations/${req._id}/prescription`, { disease: 'x', medicine: 'x', testNeeded: 'x', thingsToDo: 'x' });
    expect(again.statusCode).toBe(409);
    expect((await staff.put(`/api/doctor/${req._id}/link`, { meetingId: 'another-room' })).statusCode).toBe(409);
    expect((await staff.get('/api/consultations?stage=done')).json<{ items: Consultation[] }>().items.map((c) => c._id)).toContain(req._id);
    expect((await staff.get('/api/consultations?stage=open')).json<{ items: Consultation[] }>().items.map((c) => c._id)).not.toContain(req._id);
    expect((await staff.get(`/api/doctor/${req._id}`)).json()).toMatchObject({ edit: true, stage: 'completed' });

    const pushes = await queued(req._id);
    expect(pushes.map((p) => ({ title: p.title, body: p.body, to: p.to }))).toEqual([
      { ...PUSH.linkGenerated, to: 'device-gv-1' },
      { ...PUSH.doctorReady, to: 'device-gv-1' },
      { ...PUSH.prescriptionGenerated, to: 'device-gv-1' },
    ]);
    expect(pushes[0]!.body).toBe('Meet link with doctor has been generated');
    expect(await inApp(req._id)).toEqual([IN_APP.linkGenerated, IN_APP.prescriptionCreated]);
    expect(IN_APP.linkGenerated).toEqual({ title: 'DOCTOR', description: 'Meet ID has been generated' });
    expect(await auditActions(req._id)).toEqual(['create', 'proceed', 'doctor ready', 'submit']);
    // The worker delivers them.
    await h.outbox.poke();
    expect(h.pushes.filter((p) => p.data?.documentId === String(req._id)).map((p) => p.title)).toEqual([
      'Link Generated',
      'Doctor is ready for meeting',
      'Prescription Generated',
    ]);
  });

  it('files with no description (the app only presses a button) and announces it live to that society’s doctor desk only', async () => {
    const open = async (email: string) => {
      const s = await openStaffSocket(url, { cookie: await h.staffCookie(email) });
      sockets.push(s);
      return s;
    };
    const next = <T>(s: Socket, event: string) => new Promise<T>((resolve) => s.once(event, (x: T) => resolve(x)));
    const gv = await open('doctor@greenvalley.test');
    const lc = await open('doctor@lakecity.test');
    const grocery = await open('grocery@greenvalley.test');
    const heardByGrocery: string[] = [];
    grocery.onAny((event: string) => heardByGrocery.push(event));

    const arrived = next<DoctorRequest>(gv, 'receive-doctor');
    const lcFirst = next<DoctorRequest>(lc, 'receive-doctor');
    const req = await file('03000000002');
    expect(req.description).toBe('');
    expect((await arrived)._id).toBe(req._id);
    // Events reach a socket in order: Lake City's first is its own request, so it never heard ours.
    const lcReq = await file('03100000001', 'Back pain');
    expect((await lcFirst)._id).toBe(lcReq._id);

    const updated = next<DoctorRequest>(gv, 'doctor-updated');
    const consultation = next<Consultation>(gv, 'consultation-updated');
    const staff = await as('doctor@greenvalley.test');
    expect((await staff.put(`/api/doctor/${req._id}/link`, { meetingId: 'https://meet.example.org/room-42' })).statusCode).toBe(200);
    expect(await updated).toMatchObject({ _id: req._id, edit: true, stage: 'processing' });
    expect(await consultation).toMatchObject({ _id: req._id, meetingStatus: 'Link Generated', meetingUrl: 'https://meet.example.org/room-42' });
    const readyEvent = next<Consultation>(gv, 'consultation-updated');
    await staff.post(`/api/consultations/${req._id}/ready`);
    expect((await readyEvent).readyNotifiedAt).not.toBeNull();
    // The grocery socket is connected (it heard nothing of the doctor desk).
    expect((await h.io.fetchSockets()).some((s) => s.id === grocery.id)).toBe(true);
    expect(heardByGrocery.filter((e) => e.includes('doctor') || e.includes('consultation'))).toEqual([]);
  });

  it.each([
    [{}, 'meetingId'],
    [{ meetingId: '' }, 'meetingId'],
    [{ meetingId: '   ', description: 'x' }, 'meetingId'],
    [{ meetingId: 42 }, 'meetingId'],
  ])('link without a Meet ID %j → 400 "Please fill the required fields", nothing written', async (payload, field) => {
    const staff = await as('doctor@greenvalley.test');
    const req = await file('03000000003', 'Cough');
    const before = await written(req._id);
    const res = await staff.put(`/api/doctor/${req._id}/link`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MSG.fillRequired, field });
    expect(await written(req._id)).toEqual(before);
    expect(before.row!.stage).toBe('new');
  });

  it.each(['disease', 'medicine', 'testNeeded', 'thingsToDo'])('prescription without %s → 400 naming it, nothing written', async (missing) => {
    const staff = await as('doctor@greenvalley.test');
    const req = await file('03000000003', 'Headache');
    expect((await staff.put(`/api/doctor/${req._id}/link`, { meetingId: 'room-headache' })).statusCode).toBe(200);
    const before = await written(req._id);
    const full: Record<string, string> = { disease: 'Migraine', medicine: 'Ibuprofen', testNeeded: 'None', thingsToDo: 'Sleep' };
    for (const value of [undefined, '', '  ']) {
      const payload = { ...full, [missing]: value };
      const res = await staff.put(`/api/consultations/${req._id}/prescription`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.fillRequired, field: missing });
    }
    expect(await written(req._id)).toEqual(before);
  });

  it('answers 404 for an unknown or foreign id, 409 for a step out of order, 400 for a bad list query', async () => {
    const staff = await as('doctor@greenvalley.test');
    const lcStaff = await as('doctor@lakecity.test');
    const req = await file('03000000004', 'Rash');
    const fine = { disease: 'a', medicine: 'b', testNeeded: 'c', thingsToDo: 'd' };
    expect((await staff.put(`/api/consultations/${req._id}/prescription`, fine)).statusCode).toBe(409);
    expect((await staff.post(`/api/consultations/${req._id}/ready`)).statusCode).toBe(404);
    expect((await staff.put('/api/doctor/999999/link', { meetingId: 'r' })).statusCode).toBe(404);
    expect((await staff.get('/api/doctor/999999')).statusCode).toBe(404);
    expect((await lcStaff.put(`/api/doctor/${req._id}/link`, { meetingId: 'r' })).statusCode).toBe(404);
    expect((await lcStaff.get(`/api/doctor/${req._id}`)).statusCode).toBe(404);
    expect((await staff.put(`/api/doctor/${req._id}/link`, { meetingId: 'room-rash' })).statusCode).toBe(200);
    expect((await lcStaff.post(`/api/consultations/${req._id}/ready`)).statusCode).toBe(404);
    expect((await lcStaff.put(`/api/consultations/${req._id}/prescription`, fine)).statusCode).toBe(404);
    expect((await lcStaff.get('/api/consultations?stage=open')).json<{ items: Consultation[] }>().items.every((c) => c.societyName === 'Lake City')).toBe(true);
    expect((await written(req._id)).audit).toEqual(['create', 'proceed']);
    expect((await staff.get('/api/consultations?stage=archived')).json().field).toBe('stage');
    expect((await staff.get('/api/doctor?page=0')).json().field).toBe('page');
  });

  it('refuses the doctor desk to other sub-roles (403) and to callers without a session (401)', async () => {
    for (const handle of ['complaints', 'grocery', 'security', 'super-admin']) {
      const staff = await as(`${handle}@greenvalley.test`);
      for (const res of [
        await staff.get('/api/doctor'),
        await staff.get('/api/consultations'),
        await staff.get('/api/doctor/meeting-link'),
        await staff.post('/api/consultations/1/ready'),
      ]) {
        expect(res.statusCode, handle).toBe(403);
        expect(res.json().message).toBe(MSG.notAvailable);
      }
    }
    expect((await h.app.inject({ method: 'GET', url: '/api/doctor' })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: '/api/doctor', payload: {} })).statusCode).toBe(401);
  });

  it('two simultaneous link generations: one 200, one 409; one consultation, push, in-app record and proceed', async () => {
    const staff = await as('doctor@greenvalley.test');
    for (let round = 0; round < 3; round++) {
      const req = await file('03000000004', `Round ${round}`);
      const results = await Promise.all([
        staff.put(`/api/doctor/${req._id}/link`, { meetingId: `room-a-${round}` }),
        staff.put(`/api/doctor/${req._id}/link`, { meetingId: `room-b-${round}` }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json<Consultation>();
      const after = await written(req._id);
      expect(after.consultation.map((c) => c.meetingId)).toEqual([winner.meetingId]);
      expect(after.pushes.map((p) => p.title)).toEqual([PUSH.linkGenerated.title]);
      expect(after.inApp).toEqual([IN_APP.linkGenerated]);
      expect(after.audit).toEqual(['create', 'proceed']);
    }
  });
});
