/**
 * One staff member on /Staff: their details, and (unless it is the signed-in super-admin, who
 * uses My account) a new sub-role, disable or enable, a password reset (the new temporary
 * password is shown once) and signing them out everywhere. Each change asks first, and each takes
 * effect at once: the member's open screens follow at their next request.
 */
import { subRoleLabel } from '../../../../shared/labels';
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { StaffMember } from '../../../../shared/contracts/staff-admin';
import { isSubRole, type SubRole } from '../../../../shared/subroles';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DetailList } from '../../../components/detail-list';
import { SideDrawer } from '../../../components/side-drawer';
import { notifyOutcome } from '../../../lib/notify';
import { useResetStaffPassword, useSignStaffOut, useUpdateStaff } from '../api/staff';
import { lastSignIn, StaffStatusBadge } from './staff-columns';
import { SubRoleSelect } from './sub-role-select';
import type { IssuedPassword } from '../../../components/temporary-password-dialog';

type Action = 'disable' | 'enable' | 'reset' | 'sign-out';

const QUESTIONS: Record<Action, { title: string; message: (name: string) => string; confirm: string; danger?: boolean }> = {
  disable: {
    title: 'Disable account',
    message: (n) => `Disable ${n}? They are signed out at once and cannot sign in until enabled.`,
    confirm: 'Disable',
    danger: true,
  },
  enable: { title: 'Enable account', message: (n) => `Enable ${n}? They can sign in again.`, confirm: 'Enable' },
  reset: {
    title: 'Reset password',
    message: (n) => `Give ${n} a new temporary password? Their current password stops working and they are signed out.`,
    confirm: 'Reset password',
    danger: true,
  },
  'sign-out': { title: 'Sign out everywhere', message: (n) => `Sign ${n} out on every device?`, confirm: 'Sign out', danger: true },
};

function MemberActions({
  member,
  onChanged,
  onIssued,
}: {
  member: StaffMember;
  onChanged: (m: StaffMember) => void;
  onIssued: (issued: IssuedPassword) => void;
}) {
  const [subRole, setSubRole] = useState<SubRole | null>(isSubRole(member.subRole) ? member.subRole : null);
  const [asking, setAsking] = useState<Action | null>(null);
  const update = useUpdateStaff();
  const reset = useResetStaffPassword();
  const signOut = useSignStaffOut();
  const busy = update.isPending || reset.isPending || signOut.isPending;

  const saveSubRole = () => subRole && update.mutate({ id: member._id, subRole }, notifyOutcome('Sub-role changed', onChanged));
  const run = (action: Action) => {
    const done = { onSettled: () => setAsking(null) };
    if (action === 'disable' || action === 'enable') {
      update.mutate(
        { id: member._id, disabled: action === 'disable' },
        { ...notifyOutcome(action === 'disable' ? 'Account disabled' : 'Account enabled', onChanged), ...done },
      );
    } else if (action === 'reset') {
      reset.mutate(member._id, { ...notifyOutcome('Password reset', (r) => onIssued({ name: member.name, password: r.temporaryPassword })), ...done });
    } else {
      signOut.mutate(member._id, { ...notifyOutcome('Signed out everywhere'), ...done });
    }
  };
  const question = asking ? QUESTIONS[asking] : null;

  return (
    <Stack mt="lg" gap="md">
      <Title order={4}>Change</Title>
      <Group align="flex-end">
        <SubRoleSelect value={subRole} onChange={setSubRole} />
        <Button onClick={saveSubRole} disabled={subRole === member.subRole} loading={update.isPending && !asking}>
          Save sub-role
        </Button>
      </Group>
      <Group>
        {member.status === 'Disabled' ? (
          <Button variant="light" onClick={() => setAsking('enable')}>
            Enable
          </Button>
        ) : (
          <Button variant="light" color="red" onClick={() => setAsking('disable')}>
            Disable
          </Button>
        )}
        <Button variant="light" onClick={() => setAsking('reset')}>
          Reset password
        </Button>
        <Button variant="light" onClick={() => setAsking('sign-out')}>
          Sign out everywhere
        </Button>
      </Group>
      <ConfirmDialog
        opened={question !== null}
        title={question?.title ?? ''}
        message={question?.message(member.name) ?? ''}
        confirmLabel={question?.confirm ?? ''}
        danger={question?.danger}
        busy={busy}
        onConfirm={() => asking && run(asking)}
        onCancel={() => setAsking(null)}
      />
    </Stack>
  );
}

export interface StaffDrawerProps {
  member: StaffMember | null;
  onClose: () => void;
  onChanged: (member: StaffMember) => void;
  onIssued: (issued: IssuedPassword) => void;
}

export function StaffDrawer({ member, onClose, onChanged, onIssued }: StaffDrawerProps) {
  return (
    <SideDrawer opened={member !== null} onClose={onClose} title="Staff member">
      {member ? (
        <>
          <DetailList
            items={[
              { label: 'Name', value: member.name },
              { label: 'Email', value: member.email },
              { label: 'Sub-role', value: subRoleLabel(member.subRole) },
              { label: 'Status', value: <StaffStatusBadge status={member.status} /> },
              { label: 'Last sign-in', value: lastSignIn(member) },
              { label: 'Two-factor', value: member.twoFactor ? 'On' : 'Off' },
            ]}
          />
          {member.self ? (
            <Alert mt="lg" color="blue">
              This is your own account. Change your password in My account, from the header.
            </Alert>
          ) : (
            <MemberActions key={`${member._id}:${member.subRole}:${member.status}`} member={member} onChanged={onChanged} onIssued={onIssued} />
          )}
        </>
      ) : null}
    </SideDrawer>
  );
}
