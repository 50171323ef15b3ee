/**
 * 'Complaints Details' drawer for one stage: the complaint read-only, the stage's action
 * (new: Proceed; processing: Response + checkbox + Submit; completed: the Response, read-only),
 * the resident and the history. Success toasts 'Successfully updated!' and closes the drawer;
 * the row leaves the list through the cache update in the desk mechanism.
 */
import { Alert, Button, Divider, Loader, Title } from '@mantine/core';
import type { Complaint, ComplaintUpdate } from '../../../../shared/contracts/complaints';
import type { Stage } from '../../../../shared/contracts/desk';
import { MSG } from '../../../../shared/messages';
import { AuditTrail } from '../../../components/audit-trail';
import { DetailList } from '../../../components/detail-list';
import { ResidentDetails } from '../../../components/resident-details';
import { ResolveForm } from '../../../components/resolve-form';
import { SideDrawer } from '../../../components/side-drawer';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime, stageLabel } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { complaintsDesk } from '../api/complaints-desk';

interface ComplaintDrawerProps {
  /** The stage of the list the drawer was opened from. */
  stage: Stage;
  /** The row that was opened (shown at once; the detail call adds the history). */
  complaint: Complaint | null;
  opened: boolean;
  onClose: () => void;
}

export function ComplaintDrawer({ stage, complaint, opened, onClose }: ComplaintDrawerProps) {
  const detail = complaintsDesk.useDetail(opened && complaint ? complaint._id : null);
  const transition = complaintsDesk.useTransition();
  const current = detail.data ?? complaint;
  // Only while open: during the closing animation the item has legitimately moved on.
  const movedOn = opened && current !== null && current.stage !== stage;

  const run = (body: ComplaintUpdate) => {
    if (!current) return;
    transition.mutate(
      { id: current._id, body },
      {
        onSuccess: () => {
          notifySuccess(MSG.successUpdated);
          onClose();
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  };

  return (
    <SideDrawer opened={opened} onClose={onClose} title="Complaints Details">
      {current ? (
        <>
          <DetailList
            items={[
              { label: 'Complaint', value: current.complain },
              { label: 'Filed', value: formatDateTime(current.pressedTime) },
              { label: 'Stage', value: stageLabel(current.stage) },
              ...(current.stage === 'completed' ? [{ label: 'Response', value: current.response ?? '' }] : []),
            ]}
          />
          {movedOn ? (
            <Alert color="yellow" mt="md">
              This complaint is now {stageLabel(current.stage)}; there is nothing more to do here.
            </Alert>
          ) : null}
          {!movedOn && stage === 'new' ? (
            <Button mt="md" onClick={() => run({ action: 'proceed' })} loading={transition.isPending}>
              Proceed
            </Button>
          ) : null}
          {!movedOn && stage === 'processing' ? (
            <ResolveForm key={current._id} confirmLabel="I confirm this complaint is resolved" submitting={transition.isPending} onSubmit={run} />
          ) : null}
          <Divider mt="lg" />
          <ResidentDetails resident={current.resident} />
          {detail.isError ? (
            <Alert color="red" mt="md">
              {errorMessage(detail.error)}
            </Alert>
          ) : (
            <AuditTrail history={detail.data?.history} loading={detail.isLoading} />
          )}
        </>
      ) : (
        <>
          <Title order={4}>Loading</Title>
          <Loader size="sm" />
        </>
      )}
    </SideDrawer>
  );
}
