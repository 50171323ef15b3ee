/**
 * Table columns of every not-at-home list, after the Action column, in the spec's order
 * (section 2 "Not at home"): View, Name, Phone No, From, To, Address, Email Address, Father Name,
 * Father Phone, two pairs of family member name and phone — then Guard (who was assigned).
 */
import { Badge } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { NotHome } from '../../../../shared/contracts/not-home';
import { iconColumn } from '../../../components/data-table';
import { formatDate } from '../../../lib/format';

export function notHomeColumns(onView: (request: NotHome) => void): DataTableColumn<NotHome>[] {
  return [
    iconColumn<NotHome>({
      title: 'View',
      label: 'View',
      hint: 'View request',
      color: 'gray',
      width: 70,
      icon: <IconFileDescription size={18} aria-hidden />,
      onClick: onView,
    }),
    { accessor: 'resident.name', title: 'Name', noWrap: true },
    { accessor: 'resident.phoneNo', title: 'Phone No', noWrap: true },
    { accessor: 'from', title: 'From', noWrap: true, render: (request) => formatDate(request.from) },
    { accessor: 'to', title: 'To', noWrap: true, render: (request) => formatDate(request.to) },
    { accessor: 'resident.address', title: 'Address', noWrap: true },
    { accessor: 'resident.email', title: 'Email Address', noWrap: true },
    { accessor: 'resident.fname', title: 'Father Name', noWrap: true },
    { accessor: 'resident.fPhoneNo', title: 'Father Phone', noWrap: true },
    { accessor: 'resident.fmName', title: 'Family Member Name', noWrap: true },
    { accessor: 'resident.fmphoneNo', title: 'Family Member Phone', noWrap: true },
    { accessor: 'resident.fmName1', title: 'Family Member 2 Name', noWrap: true },
    { accessor: 'resident.fmphoneNo1', title: 'Family Member 2 Phone', noWrap: true },
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
