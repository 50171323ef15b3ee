/** Table columns of every complaint list (after the Action column): Name, Phone, Address, Complaint, Time, Date. */
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { Complaint } from '../../../../shared/contracts/complaints';
import { formatDate, formatTime } from '../../../lib/format';

export const complaintColumns: DataTableColumn<Complaint>[] = [
  { accessor: 'resident.name', title: 'Name' },
  { accessor: 'resident.phoneNo', title: 'Phone' },
  { accessor: 'resident.address', title: 'Address' },
  {
    accessor: 'complain',
    title: 'Complaint',
    render: (complaint) => (
      <Text size="sm" lineClamp={2} maw={360}>
        {complaint.complain}
      </Text>
    ),
  },
  { accessor: 'time', title: 'Time', render: (complaint) => formatTime(complaint.pressedTime) },
  { accessor: 'date', title: 'Date', render: (complaint) => formatDate(complaint.pressedTime) },
];
