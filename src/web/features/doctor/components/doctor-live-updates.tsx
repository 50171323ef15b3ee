/**
 * Keeps the doctor lists live while button-two staff are signed in: 'receive-doctor' (a resident
 * asked for a doctor), 'doctor-updated' (a link was generated: the request leaves /Doctor) and
 * 'consultation-updated' (a consultation was created, its doctor-ready push sent, or its
 * prescription written). Every (re)connect refetches both lists (events may have been missed).
 *
 * A consultation has one event for all three changes, so it goes through the list cache's
 * "changed item" rule only: a new one refetches the open lists instead of being put on top of a
 * first page (the "created" rule would also put a consultation that is on page 2 there).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onSocketCatchUp, useSocketEvent } from '../../../lib/socket';
import { newRowAnnouncement } from '../../../lib/live-announcer';
import { useListLiveUpdates } from '../../../lib/use-list-live-updates';
import { consultations } from '../api/consultations';
import { doctorRequests } from '../api/doctor-requests';

function useConsultationLiveUpdates(): void {
  const queryClient = useQueryClient();
  useSocketEvent('consultation-updated', (payload) => {
    const result = consultations.itemSchema.safeParse(payload);
    if (result.success) consultations.applyUpdated(queryClient, result.data);
    else console.warn("Ignored a malformed 'consultation-updated' event", result.error.issues);
  });
  useEffect(() => onSocketCatchUp(() => void consultations.invalidateLists(queryClient)), [queryClient]);
}

export function DoctorLiveUpdates() {
  useListLiveUpdates(doctorRequests, { created: 'receive-doctor', updated: 'doctor-updated' }, (item) =>
    newRowAnnouncement('doctor request', item.resident.name),
  );
  useConsultationLiveUpdates();
  return null;
}
