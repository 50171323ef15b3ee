/**
 * One complaint list screen per stage: /Complaints (new, with the bell), /Pending (processing)
 * and /Completed — the shared desk stage screen configured for complaints.
 */
import type { Complaint } from '../../../../shared/contracts/complaints';
import type { Stage } from '../../../../shared/contracts/desk';
import { DeskStageScreen } from '../../../mechanisms/desk/desk-stage-screen';
import { complaintsDesk } from '../api/complaints-desk';
import { complaintColumns } from './complaint-columns';
import { ComplaintDrawer } from './complaint-drawer';
import { NewComplaintsBell } from './new-complaints-bell';

const TITLES: Record<Stage, string> = {
  new: 'New complaints',
  processing: 'Processing complaints',
  completed: 'Completed complaints',
};

const EMPTY: Record<Stage, string> = {
  new: 'No new complaints',
  processing: 'No complaints in processing',
  completed: 'No completed complaints',
};

export function ComplaintStageScreen({ stage }: { stage: Stage }) {
  return (
    <DeskStageScreen<Complaint>
      stage={stage}
      useList={complaintsDesk.useList}
      title={TITLES[stage]}
      columns={complaintColumns}
      searchPlaceholder="Search name, phone, address or complaint"
      emptyText={EMPTY[stage]}
      noMatchText="No complaints match this search"
      toolbar={stage === 'new' ? <NewComplaintsBell /> : undefined}
      renderDrawer={(props) => <ComplaintDrawer {...props} />}
    />
  );
}
