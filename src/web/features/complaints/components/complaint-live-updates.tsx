/**
 * Keeps the complaint lists live while a sub-role that handles complaints is signed in:
 * 'receive-complain' (a resident filed one) and 'complain-updated' (someone moved one on).
 */
import { newRowAnnouncement } from '../../../lib/live-announcer';
import { useListLiveUpdates } from '../../../lib/use-list-live-updates';
import { complaintsDesk } from '../api/complaints-desk';

export function ComplaintLiveUpdates() {
  useListLiveUpdates(complaintsDesk.list, { created: 'receive-complain', updated: 'complain-updated' }, (item) =>
    newRowAnnouncement('complaint', item.resident.name),
  );
  return null;
}
