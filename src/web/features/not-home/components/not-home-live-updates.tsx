/**
 * Keeps the not-at-home lists and the bell live while button-one staff are signed in:
 * 'receive-not-at-home' (a resident filed one) and 'not-at-home-updated' (guard assigned,
 * cancelled, arrived); a reconnect refetches the lists.
 */
import { newRowAnnouncement } from '../../../lib/live-announcer';
import { useListLiveUpdates } from '../../../lib/use-list-live-updates';
import { notHomeRequests } from '../api/not-home-requests';

export function NotHomeLiveUpdates() {
  useListLiveUpdates(notHomeRequests, { created: 'receive-not-at-home', updated: 'not-at-home-updated' }, (item) =>
    newRowAnnouncement('not-at-home request', item.resident.name),
  );
  return null;
}
