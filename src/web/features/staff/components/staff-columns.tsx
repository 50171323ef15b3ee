/** The columns of /Staff: Manage (opens the member's drawer), Name, Email, Sub-role, Status, Last sign-in, Two-factor. */
import { subRoleLabel } from '../../../../shared/labels';
import { Badge } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { StaffMember, StaffStatus } from '../../../../shared/contracts/staff-admin';
import { iconColumn } from '../../../components/data-table';
import { formatDateTime } from '../../../../shared/format/dates';

const STATUS_COLORS: Record<StaffStatus, string> = { Active: 'teal', Invited: 'yellow', Disabled: 'red' };

export function StaffStatusBadge({ status }: { status: StaffStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {status}
    </Badge>
  );
}

/** 'Never' for an account that has not signed in yet. */
export const lastSignIn = (member: StaffMember) => (member.lastSignInAt ? formatDateTime(member.lastSignInAt) : 'Never');

export function staffColumns(onManage: (member: StaffMember) => void): DataTableColumn<StaffMember>[] {
  return [
    iconColumn<StaffMember>({
      title: 'Manage',
      label: 'Manage',
      hint: 'Change sub-role, disable, reset password',
      icon: <IconPencil size={18} aria-hidden />,
      onClick: onManage,
    }),
    { accessor: 'name', title: 'Name', render: (m) => (m.self ? `${m.name} (you)` : m.name) },
    { accessor: 'email', title: 'Email' },
    { accessor: 'subRole', title: 'Sub-role', render: (m) => subRoleLabel(m.subRole) },
    { accessor: 'status', title: 'Status', render: (m) => <StaffStatusBadge status={m.status} /> },
    { accessor: 'lastSignInAt', title: 'Last sign-in', render: lastSignIn },
    { accessor: 'twoFactor', title: 'Two-factor', render: (m) => (m.twoFactor ? 'On' : 'Off') },
  ];
}
