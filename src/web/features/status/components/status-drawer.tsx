/**
 * A verified resident on /Status (spec sections 2 "Status", 5, 8): their details and status, the
 * choice of Approve or Block, and Save — which first asks 'Are you sure to change status to
 * {choice}' in a modal; Yes saves and shows 'Status updated successfully'. A resident that is gone
 * (or of another society) shows 'No matching document found.'. "Reset password" (after a
 * confirmation) gives a temporary password shown once, for a resident who forgot theirs (the app
 * has no SMS or e-mail channel). The account's history (register, approve, block, password
 * resets: who and when) is below.
 */
import { Alert, Button, Group, Loader, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import type { ResidentStatusDetail } from '../../../../shared/contracts/residents-admin';
import { MSG } from '../../../../shared/messages';
import { AuditTrail } from '../../../components/audit-trail';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DetailList } from '../../../components/detail-list';
import { SideDrawer } from '../../../components/side-drawer';
import { errorMessage } from '../../../lib/api-error';
import { notifyError, notifyOutcome, notifySuccess } from '../../../lib/notify';
import { useResetResidentPassword, useResidentDetail, useSetResidentStatus } from '../api/resident-status';
import { TemporaryPasswordDialog, type IssuedPassword } from '../../../components/temporary-password-dialog';
import { StatusBadge } from './resident-columns';

type Choice = 'Approve' | 'Block';

function StatusForm({ resident }: { resident: ResidentStatusDetail }) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const [confirming, setConfirming] = useState(false);
  const save = useSetResidentStatus();

  const confirm = () => {
    if (!choice) return;
    save.mutate(
      { id: resident._id, status: choice },
      {
        onSuccess: () => {
          setConfirming(false);
          setChoice(null);
          notifySuccess(MSG.statusUpdated);
        },
        onError: (error) => {
          setConfirming(false);
          notifyError(errorMessage(error));
        },
      },
    );
  };

  return (
    <Stack gap="sm" mt="md">
      <Radio.Group label="Change status to" value={choice} onChange={(v) => setChoice(v as Choice)}>
        <Group mt="xs">
          <Radio value="Approve" label="Approve" />
          <Radio value="Block" label="Block" />
        </Group>
      </Radio.Group>
      <Button onClick={() => setConfirming(true)} disabled={!choice} w={120}>
        Save
      </Button>
      <ConfirmDialog
        opened={confirming}
        title="Change status"
        message={MSG.statusConfirm.replace('{choice}', choice ?? '')}
        confirmLabel="Yes"
        danger={choice === 'Block'}
        busy={save.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** Reset password: asks first, then shows the temporary password once. */
function ResetPassword({ resident }: { resident: ResidentStatusDetail }) {
  const [asking, setAsking] = useState(false);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const reset = useResetResidentPassword();
  const run = () =>
    reset.mutate(resident._id, {
      ...notifyOutcome('Password reset', (r) => setIssued({ name: resident.Name, password: r.temporaryPassword })),
      onSettled: () => setAsking(false),
    });
  return (
    <>
      <Button variant="light" onClick={() => setAsking(true)} w="fit-content" mt="md">
        Reset password
      </Button>
      <ConfirmDialog
        opened={asking}
        title="Reset password"
        message={`Give ${resident.Name} a temporary password? They are signed out of the app everywhere and choose a new password when they next sign in.`}
        confirmLabel="Reset password"
        busy={reset.isPending}
        onConfirm={run}
        onCancel={() => setAsking(false)}
      />
      <TemporaryPasswordDialog issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}

export function StatusDrawer({ residentId, onClose }: { residentId: number | null; onClose: () => void }) {
  const detail = useResidentDetail(residentId);
  const resident = detail.data;
  return (
    <SideDrawer opened={residentId !== null} onClose={onClose} title="Resident status">
      {detail.isLoading ? <Loader size="sm" aria-label="Loading resident" /> : null}
      {detail.error ? <Alert color="red">{errorMessage(detail.error)}</Alert> : null}
      {resident ? (
        <>
          <DetailList
            items={[
              { label: 'Name', value: resident.Name },
              { label: 'Resident ID', value: resident.ResidentID },
              { label: 'Address', value: resident.Address },
              { label: 'Phone number', value: resident.Phone_Number },
              { label: 'Age', value: resident.Age ?? '' },
              { label: 'Father name', value: resident.Father_Name },
              { label: 'Father phone', value: resident.Father_Phone_Number },
              { label: 'Status', value: <StatusBadge status={resident.Status} /> },
            ]}
          />
          <StatusForm key={`${resident._id}:${resident.Status}`} resident={resident} />
          <ResetPassword key={`reset:${resident._id}`} resident={resident} />
          <AuditTrail history={resident.history} />
        </>
      ) : null}
    </SideDrawer>
  );
}
