import { ZIdParams, ZResidentListQuery } from '../../../shared/contracts/common.js';
import {
  ZConsultation,
  ZConsultationList,
  ZConsultationListQuery,
  ZDoctorListQuery,
  ZDoctorRequest,
  ZDoctorRequestDetail,
  ZDoctorRequestList,
  ZFileDoctor,
  ZFreshMeetingLink,
  ZGenerateLink,
  ZPrescription,
  ZPrescriptionInput,
  ZResidentConsultation,
  ZResidentConsultationList,
} from '../../../shared/contracts/doctor.js';
import { residentOf, residentScope, staffOf, staffScope, type ModuleRoutes } from '../../plugins/auth.js';
import type { DoctorService } from './service.js';
import { batchQuery, exportRoute, type ExportDeps } from '../../lib/export-route.js';
import { consultationExportColumns, doctorRequestExportColumns } from './export-columns.js';
import { residentDocs, routeDocs } from '../../lib/route-docs.js';

const docs = routeDocs('doctor');

/**
 * Doctor (spec sections 2, 3, 5, 7): the button-two desk (/Doctor, /Prescription,
 * /CompletedDoctor), the prescription read (any signed-in staff reaches it; the service allows
 * button-two only, so other sub-roles get the privacy message), and the resident API.
 */
export const doctorRoutes: ModuleRoutes<{ doctor: DoctorService; exportDeps: ExportDeps }> = async (root, { auth, residentAuth, doctor, exportDeps }) => {
  await staffScope(root, auth, 'doctor', (app) => {
    app.get('/api/doctor', {
      schema: docs('New consultation requests (edit false), 10 per page, newest first', { querystring: ZDoctorListQuery }, { 200: ZDoctorRequestList }),
      handler: (req) => doctor.listNew(staffOf(req), req.query),
    });
    exportRoute(app, '/api/doctor', exportDeps, {
      tag: 'doctor',
      querystring: ZDoctorListQuery,
      entity: 'doctor',
      name: 'doctor-requests',
      columns: doctorRequestExportColumns,
      batch: (staff, q, after, size) => doctor.listNew(staff, batchQuery(q, after, size)),
    });
    app.get('/api/doctor/meeting-link', {
      schema: docs('A fresh, unguessable meeting room on MEET_BASE_URL (nothing stored)', {}, { 200: ZFreshMeetingLink }),
      handler: () => doctor.freshLink(),
    });
    app.get('/api/doctor/:id', {
      schema: docs('One consultation request with its history', { params: ZIdParams }, { 200: ZDoctorRequestDetail }),
      handler: (req) => doctor.detail(staffOf(req), req.params.id),
    });
    app.put('/api/doctor/:id/link', {
      schema: docs(
        "Generate the meeting link: new → 'Link Generated' (push and in-app record)",
        { params: ZIdParams, body: ZGenerateLink },
        { 200: ZConsultation },
      ),
      handler: (req) => doctor.generateLink(staffOf(req), req.params.id, req.body),
    });
    app.get('/api/consultations', {
      schema: docs(
        'Consultations: open (/Prescription) or done (/CompletedDoctor), without prescription content',
        { querystring: ZConsultationListQuery },
        { 200: ZConsultationList },
      ),
      handler: (req) => doctor.listConsultations(staffOf(req), req.query),
    });
    exportRoute(app, '/api/consultations', exportDeps, {
      tag: 'doctor',
      querystring: ZConsultationListQuery,
      entity: 'doctor',
      name: (q) => `consultations-${q.stage}`,
      columns: consultationExportColumns,
      filters: (q) => [['Stage', q.stage]],
      batch: (staff, q, after, size) => doctor.listConsultations(staff, batchQuery(q, after, size)),
    });
    app.post('/api/consultations/:id/ready', {
      schema: docs("Opening the meeting: push 'Doctor is ready for meeting', once per consultation", { params: ZIdParams }, { 200: ZConsultation }),
      handler: (req) => doctor.ready(staffOf(req), req.params.id),
    });
    app.put('/api/consultations/:id/prescription', {
      schema: docs("Write the prescription: 'Meeting Held' (push and in-app record)", { params: ZIdParams, body: ZPrescriptionInput }, { 200: ZConsultation }),
      handler: (req) => doctor.prescribe(staffOf(req), req.params.id, req.body),
    });
  });

  // Signed-in staff of any sub-role reach this route so that the answer for everyone but
  // button-two is the privacy message (403), not the generic 'not available'.
  await staffScope(root, auth, undefined, (app) => {
    app.get('/api/consultations/:id/prescription', {
      schema: docs('Read a prescription (button-two staff of the society only; every read audited)', { params: ZIdParams }, { 200: ZPrescription }),
      handler: (req) => doctor.readPrescription(staffOf(req), req.params.id),
    });
  });

  await residentScope(root, residentAuth, (app) => {
    app.post('/api/doctor', {
      schema: residentDocs('A resident asks for a doctor (resident API, bearer token)', { body: ZFileDoctor.nullish() }, { 201: ZDoctorRequest }),
      // No body at all is a request too: the app may only press a button (as for grocery and SOS).
      handler: async (req, reply) => reply.code(201).send(await doctor.file(residentOf(req), req.body?.description ?? '')),
    });
    app.get('/api/resident/consultations', {
      schema: residentDocs(
        "The resident's own doctor requests with meeting link and prescription, newest first (prescription reads audited)",
        { querystring: ZResidentListQuery },
        { 200: ZResidentConsultationList },
      ),
      handler: (req) => doctor.residentConsultations(residentOf(req), req.query),
    });
    app.get('/api/resident/consultations/:id', {
      schema: residentDocs(
        "One of the resident's own doctor requests with meeting link and prescription, as the list shows it (what a push about it opens; a prescription read is audited); 404 for any other id",
        { params: ZIdParams },
        { 200: ZResidentConsultation },
      ),
      handler: (req) => doctor.residentConsultation(residentOf(req), req.params.id),
    });
  });
};
