/**
 * Keeps the complaint lists live while a sub-role that handles complaints is signed in:
 * 'receive-complain' (a resident filed one) and 'complain-updated' (someone moved one on).
 */
import { useDeskLiveUpdates } from '../../../lib/use-desk-live-updates';
import { complaintsDesk } from '../api/complaints-desk';

export function ComplaintLiveUpdates() {
  useDeskLiveUpdates(complaintsDesk, { created: 'receive-complain', updated: 'complain-updated' });
  return null;
}
