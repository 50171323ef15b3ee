/**
 * 'Complaints Details' drawer (spec section 2 "Complaints", "Pending", "Completed"): the shared
 * desk drawer configured for complaints. The complaint is read-only; new → Proceed; processing →
 * Response + checkbox + Submit; completed → the Response, read-only.
 */
import { Button } from '@mantine/core';
import type { Complaint } from '../../../../shared/contracts/complaints';
import { DeskDrawer } from '../../../mechanisms/desk/desk-drawer';
import type { DeskDrawerSlotProps } from '../../../mechanisms/desk/desk-stage-screen';
import { formatDateTime } from '../../../../shared/format/dates';
import { stageLabel } from '../../../../shared/labels';
import { complaintsDesk } from '../api/complaints-desk';

export function ComplaintDrawer(props: DeskDrawerSlotProps<Complaint>) {
  return (
    <DeskDrawer
      {...props}
      desk={complaintsDesk}
      title="Complaints Details"
      noun="complaint"
      summary={(complaint) => [
        { label: 'Complaint', value: complaint.complain },
        { label: 'Filed', value: formatDateTime(complaint.pressedTime) },
        { label: 'Stage', value: stageLabel(complaint.stage) },
        ...(complaint.stage === 'completed' ? [{ label: 'Response', value: complaint.response ?? '' }] : []),
      ]}
      renderProceed={({ run, pending }) => (
        <Button mt="md" onClick={() => run({ action: 'proceed' })} loading={pending}>
          Proceed
        </Button>
      )}
      confirmLabel="I confirm this complaint is resolved"
      submitBody={(input) => input}
    />
  );
}
