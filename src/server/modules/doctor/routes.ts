import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody, ZIdParams, ZResidentListQuery } from '../../../shared/contracts/common.js';
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
  ZResidentConsultationList,
} from '../../../shared/contracts/doctor.js';
import { residentOf, residentScope, staffOf, staffScope } from '../../plugins/auth.js';
import type { AuthService } from '../auth/service.js';
import type { ResidentAuthService } from '../resident-auth/service.js';
import type { DoctorService } from './service.js';

interface Opts {
  auth: AuthService;
  residentAuth: ResidentAuthService;
  doctor: DoctorService;
}

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['doctor'];

/**
 * Doctor (spec sections 2, 3, 5, 7): the button-two desk (/Doctor, /Prescription,
 * /CompletedDoctor), the prescription read (any signed-in staff reaches it; the service allows
 * button-two only, so other sub-roles get the privacy message), and the resident API.
 */
export const doctorRoutes: FastifyPluginAsyncZod<Opts> = async (root, { auth, residentAuth, doctor }) => {
  await root.register(staffScope(auth, 'doctor', (app) => {
    for (const url of ['/api/doctor', '/api/doctor/']) {
      app.get(url, {
        schema: { tags, summary: 'New consultation requests (edit false), 10 per page, newest first', querystring: ZDoctorListQuery, response: { 200: ZDoctorRequestList, ...errors } },
        handler: (req) => doctor.listNew(staffOf(req), req.query),
      });
    }
    app.get('/api/doctor/meeting-link', {
      schema: { tags, summary: 'A fresh, unguessable meeting room on MEET_BASE_URL (nothing stored)', response: { 200: ZFreshMeetingLink, ...errors } },
      handler: () => doctor.freshLink(),
    });
    app.get('/api/doctor/:id', {
      schema: { tags, summary: 'One consultation request with its history', params: ZIdParams, response: { 200: ZDoctorRequestDetail, ...errors } },
      handler: (req) => doctor.detail(staffOf(req), req.params.id),
    });
    app.put('/api/doctor/:id/link', {
      schema: { tags, summary: "Generate the meeting link: new → 'Link Generated' (push and in-app record)", params: ZIdParams, body: ZGenerateLink, response: { 200: ZConsultation, ...errors } },
      handler: (req) => doctor.generateLink(staffOf(req), req.params.id, req.body),
    });
    for (const url of ['/api/consultations', '/api/consultations/']) {
      app.get(url, {
        schema: { tags, summary: 'Consultations: open (/Prescription) or done (/CompletedDoctor), without prescription content', querystring: ZConsultationListQuery, response: { 200: ZConsultationList, ...errors } },
        handler: (req) => doctor.listConsultations(staffOf(req), req.query),
      });
    }
    app.post('/api/consultations/:id/ready', {
      schema: { tags, summary: "Opening the meeting: push 'Doctor is ready for meeting', once per consultation", params: ZIdParams, response: { 200: ZConsultation, ...errors } },
      handler: (req) => doctor.ready(staffOf(req), req.params.id),
    });
    app.put('/api/consultations/:id/prescription', {
      schema: { tags, summary: "Write the prescription: 'Meeting Held' (push and in-app record)", params: ZIdParams, body: ZPrescriptionInput, response: { 200: ZConsultation, ...errors } },
      handler: (req) => doctor.prescribe(staffOf(req), req.params.id, req.body),
    });
  }));

  // Signed-in staff of any sub-role reach this route so that the answer for everyone but
  // button-two is the privacy message (403), not the generic 'not available'.
  await root.register(staffScope(auth, undefined, (app) => {
    app.get('/api/consultations/:id/prescription', {
      schema: { tags, summary: 'Read a prescription (button-two staff of the society only; every read audited)', params: ZIdParams, response: { 200: ZPrescription, ...errors } },
      handler: (req) => doctor.readPrescription(staffOf(req), req.params.id),
    });
  }));

  await root.register(residentScope(residentAuth, (app) => {
    app.post('/api/doctor', {
      schema: { tags: ['resident'], summary: 'A resident asks for a doctor (resident API, bearer token)', security: [{ resident: [] }], body: ZFileDoctor.nullish(), response: { 201: ZDoctorRequest, ...errors } },
      // No body at all is a request too: the app may only press a button (as for grocery and SOS).
      handler: async (req, reply) => reply.code(201).send(await doctor.file(residentOf(req), req.body?.description ?? '')),
    });
    app.get('/api/resident/consultations', {
      schema: {
        tags: ['resident'],
        summary: "The resident's own doctor requests with meeting link and prescription, newest first (prescription reads audited)",
        security: [{ resident: [] }],
        querystring: ZResidentListQuery,
        response: { 200: ZResidentConsultationList, ...errors },
      },
      handler: (req) => doctor.residentConsultations(residentOf(req), req.query),
    });
  }));
};
