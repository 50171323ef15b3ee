/**
 * Table columns of every complaint list (after the Action column): Name, Phone, Address,
 * Complaint, Time, Date. The complaint is cut to one line (the whole text on hover and in the
 * drawer); the address is shown on a wide screen only.
 */
import type { DataTableColumn } from 'mantine-datatable';
import type { Complaint } from '../../../../shared/contracts/complaints';
import { truncatedColumn } from '../../../components/data-table';
import { overdueColumn } from '../../../components/overdue-badge';
import { addressColumn } from '../../../components/resident-card-columns';
import { formatDate, formatTime } from '../../../../shared/format/dates';

export const complaintColumns: DataTableColumn<Complaint>[] = [
  truncatedColumn<Complaint>({ accessor: 'resident.name', title: 'Name' }),
  { accessor: 'resident.phoneNo', title: 'Phone', noWrap: true },
  addressColumn<Complaint>(['resident.address', 'Address']),
  truncatedColumn<Complaint>({ accessor: 'complain', title: 'Complaint' }),
  { accessor: 'time', title: 'Time', noWrap: true, render: (complaint) => formatTime(complaint.pressedTime) },
  { accessor: 'date', title: 'Date', noWrap: true, render: (complaint) => formatDate(complaint.pressedTime) },
  overdueColumn<Complaint>(),
];
