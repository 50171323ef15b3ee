/**
 * Doctor requests: the /Doctor list (spec section 2 "Doctor", states in section 4), on the app's
 * one list helper (lib/list-api.ts, lib/list-cache.ts). A request is "new" while `edit` is false;
 * generating its meeting link sets `edit` and makes it a consultation (./consultations.ts).
 *
 * - GET /api/doctor?page&q[&after|&before] → {items: DoctorRequest[], total, totalExact}
 *   (edit false, newest first, 10 per page; cursors: docs/adr/0003)
 * - GET /api/doctor/:id → DoctorRequest + history
 * - GET /api/doctor/meeting-link → {meetingId, meetingUrl}: a fresh, unguessable room
 * - PUT /api/doctor/:id/link {meetingId, description?} → Consultation; 400 'Please fill the
 *   required fields' without a Meet ID, 409 when the link was generated already.
 *
 * Query keys: `['doctor', 'list', {}, page, q, cursor]` and `['doctor', 'detail', id]`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZConsultation,
  ZDoctorRequest,
  ZDoctorRequestDetail,
  ZFreshMeetingLink,
  type DoctorRequest,
  type GenerateLink,
} from '../../../../shared/contracts/doctor';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { createListApi } from '../../../lib/list-api';
import type { ListView } from '../../../lib/list-params';
import { consultations } from './consultations';

/** The /Doctor list is every request still waiting for a link; `overdue: '1'` keeps the overdue ones ("Overdue first"). */
export type DoctorRequestFilters = { overdue?: '1' };
const NO_FILTERS: DoctorRequestFilters = {};

export const doctorRequests = createListApi<DoctorRequest, DoctorRequestFilters>({
  root: 'doctor',
  path: '/api/doctor',
  itemSchema: ZDoctorRequest,
  filtersSchema: z.strictObject({ overdue: z.literal('1').optional() }),
  belongs: (request, filters) => !request.edit && (filters.overdue !== '1' || Boolean(request.overdueSince)),
  // A request only ever leaves the list (its link generated); it never comes from another one.
  cameFrom: () => [],
  version: (request) => `${request.edit}:${request.overdueSince ?? ''}`,
});

/** One page of the new requests (the table, and the bell with FIRST_PAGE). */
export function useDoctorRequests(view: ListView) {
  return doctorRequests.useList(NO_FILTERS, view);
}

/** One page of the new requests past their deadline (`overdue=1`). */
export function useOverdueDoctorRequests(view: ListView) {
  return doctorRequests.useList({ overdue: '1' }, view);
}

/** One request with its history (disabled while `id` is null). */
export function useDoctorRequest(id: number | null) {
  return doctorRequests.useDetail(id, ZDoctorRequestDetail);
}

/** Asks the server for a fresh meeting room (nothing is stored until the link is generated). */
export function useFreshMeetingLink() {
  return useMutation({ mutationFn: () => api.get('/api/doctor/meeting-link', { schema: ZFreshMeetingLink }) });
}

/**
 * Generates the request's meeting link. On success the request leaves /Doctor and the new
 * consultation's lists refetch, as the socket events that follow would do; on 409 or 404
 * (someone else was first, or it is gone) the lists are refetched.
 */
export function useGenerateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, link }: { request: DoctorRequest; link: GenerateLink }) =>
      api.put(`/api/doctor/${request._id}/link`, link, { schema: ZConsultation }),
    onSuccess: (consultation, { request }) => {
      doctorRequests.applyUpdated(queryClient, { ...request, edit: true });
      consultations.applyUpdated(queryClient, consultation);
    },
    onError: (error, { request }) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        void doctorRequests.invalidateLists(queryClient);
        void queryClient.invalidateQueries({ queryKey: doctorRequests.keys.detail(request._id) });
      }
    },
  });
}
