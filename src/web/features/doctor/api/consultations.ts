/**
 * Consultations: /Prescription (open: link generated, no prescription yet) and /CompletedDoctor
 * (done: prescription written), spec sections 2 "Prescription", "Completed doctor", 4 and 5.
 *
 * - GET /api/consultations?stage=open|done&page&q[&after|&before] → {items: Consultation[], total,
 *   totalExact} (newest first, 10 per page)
 * - POST /api/consultations/:id/ready → Consultation: queues 'Doctor is ready for meeting' (the
 *   server sends it once per consultation, however often it is called)
 * - PUT /api/consultations/:id/prescription {disease, medicine, testNeeded, thingsToDo} →
 *   Consultation (done); 400 'Please fill the required fields', 409 when already written
 * - GET /api/consultations/:id/prescription → Prescription: health data, button-two staff of the
 *   society only (403 with the server's message otherwise); every read is audited.
 *
 * Query keys: `['consultations', 'list', {stage}, page, q, cursor]` and
 * `['consultations', 'prescription', id]`.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CONSULTATION_STAGES, ZConsultation, ZPrescription, type Consultation, type PrescriptionInput } from '../../../../shared/contracts/doctor';
import { api } from '../../../lib/api-client';
import { createListApi } from '../../../lib/list-api';
import type { ListView } from '../../../lib/list-params';

export type ConsultationStage = (typeof CONSULTATION_STAGES)[number];
/** `overdue: '1'` keeps the open consultations past their deadline ("Overdue first" on /Prescription). */
export type ConsultationFilters = { stage: ConsultationStage; overdue?: '1' };

export const consultations = createListApi<Consultation, ConsultationFilters>({
  root: 'consultations',
  path: '/api/consultations',
  itemSchema: ZConsultation,
  filtersSchema: z.strictObject({ stage: z.enum(CONSULTATION_STAGES), overdue: z.literal('1').optional() }),
  belongs: (consultation, filters) =>
    consultation.prescription === (filters.stage === 'done') && (filters.overdue !== '1' || Boolean(consultation.overdueSince)),
  // A new consultation comes from no list of this module (it was a doctor request).
  cameFrom: (consultation) => (consultation.prescription ? [{ stage: 'open' }] : []),
  version: (consultation) => JSON.stringify([consultation.prescription, consultation.readyNotifiedAt, consultation.overdueSince]),
});

/** One page of the consultations of a stage. */
export function useConsultations(stage: ConsultationStage, view: ListView) {
  return consultations.useList({ stage }, view);
}

/** One page of the open consultations past their deadline (`overdue=1`). */
export function useOverdueConsultations(view: ListView) {
  return consultations.useList({ stage: 'open', overdue: '1' }, view);
}

/** Tells the resident the doctor is ready (the push is queued once, server-side). */
export function useMarkReady() {
  return consultations.useItemMutation(({ id }: { id: number }) => api.post(`/api/consultations/${id}/ready`, undefined, { schema: ZConsultation }));
}

/** Saves the prescription: the consultation moves from /Prescription to /CompletedDoctor. */
export function useSavePrescription() {
  return consultations.useItemMutation(({ id, prescription }: { id: number; prescription: PrescriptionInput }) =>
    api.put(`/api/consultations/${id}/prescription`, prescription, { schema: ZConsultation }),
  );
}

/**
 * The prescription of a consultation (disabled while `id` is null). Health data: nothing is kept
 * once the drawer that shows it closes (gcTime 0), and it is not refetched while open (each read
 * is an audit row on the server, and a written prescription does not change).
 */
export function usePrescription(id: number | null) {
  return useQuery({
    queryKey: ['consultations', 'prescription', id ?? 0] as const,
    queryFn: ({ signal }) => api.get(`/api/consultations/${id}/prescription`, { schema: ZPrescription, signal }),
    enabled: id !== null,
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * The consultation's meeting link if it is an http(s) URL, else null. The server only builds such
 * links; this keeps a bad one (e.g. `javascript:`) from ever being opened or linked.
 */
export function meetingHref(consultation: Pick<Consultation, 'meetingUrl'>): string | null {
  try {
    const url = new URL(consultation.meetingUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
