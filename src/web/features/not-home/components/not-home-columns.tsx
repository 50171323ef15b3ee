/**
 * Table columns of every not-at-home list, after the Action column, in the spec's order
 * (section 2 "Not at home"): View, Name, Phone No, From, To, Address, Email Address, Father Name,
 * Father Phone, two pairs of family member name and phone — then Guard (who was assigned). The
 * address shows on a wide screen; email and family columns are hidden until a member shows them, so
 * Guard stays in view. View is an eye: its drawer only shows the request.
 */
import { Badge } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { NotHome } from '../../../../shared/contracts/not-home';
import { iconColumn, truncatedColumn } from '../../../components/data-table';
import { addressColumn, emailColumn, familyColumns } from '../../../components/resident-card-columns';
import { formatDate } from '../../../../shared/format/dates';

export function notHomeColumns(onView: (request: NotHome) => void): DataTableColumn<NotHome>[] {
  return [
    iconColumn<NotHome>({
      title: 'View',
      label: 'View',
      hint: 'View request',
      color: 'gray',
      width: 70,
      icon: <IconEye size={18} aria-hidden />,
      onClick: onView,
    }),
    truncatedColumn<NotHome>({ accessor: 'resident.name', title: 'Name' }),
    { accessor: 'resident.phoneNo', title: 'Phone No', noWrap: true },
    { accessor: 'from', title: 'From', noWrap: true, render: (request) => formatDate(request.from) },
    { accessor: 'to', title: 'To', noWrap: true, render: (request) => formatDate(request.to) },
    addressColumn<NotHome>(['resident.address', 'Address']),
    emailColumn<NotHome>(['resident.email', 'Email Address']),
    ...familyColumns<NotHome>([
      ['resident.fname', 'Father Name'],
      ['resident.fPhoneNo', 'Father Phone'],
      ['resident.fmName', 'Family Member Name'],
      ['resident.fmphoneNo', 'Family Member Phone'],
      ['resident.fmName1', 'Family Member 2 Name'],
      ['resident.fmphoneNo1', 'Family Member 2 Phone'],
    ]),
    {
      accessor: 'guardName',
      title: 'Guard',
      noWrap: true,
      render: (request) =>
        request.guardName ?? (
          <Badge color="orange" variant="light" size="sm">
            Not assigned
          </Badge>
        ),
    },
  ];
}

/** 'from 21/11/2026 to 25/11/2026' (the spec's Duration). */
export function durationText(request: Pick<NotHome, 'from' | 'to'>): string {
  return `from ${formatDate(request.from)} to ${formatDate(request.to)}`;
}
