/**
 * Table columns of every security list (after the Action column): Name, Phone, Address, Time,
 * Date, Status. The address is shown on a wide screen only, so Status stays in view on a
 * 1024-pixel guard-desk tablet.
 */
import type { DataTableColumn } from 'mantine-datatable';
import type { SecurityAlert } from '../../../../shared/contracts/security';
import { truncatedColumn } from '../../../components/data-table';
import { addressColumn } from '../../../components/resident-card-columns';
import { formatDate, formatTime } from '../../../../shared/format/dates';
import { AlarmMarks } from './alarm-marks';

export const securityColumns: DataTableColumn<SecurityAlert>[] = [
  truncatedColumn<SecurityAlert>({ accessor: 'resident.name', title: 'Name' }),
  { accessor: 'resident.phoneNo', title: 'Phone', noWrap: true },
  addressColumn<SecurityAlert>(['resident.address', 'Address']),
  { accessor: 'time', title: 'Time', noWrap: true, render: (alert) => formatTime(alert.pressedTime) },
  { accessor: 'date', title: 'Date', noWrap: true, render: (alert) => formatDate(alert.pressedTime) },
  { accessor: 'status', title: 'Status', render: (alert) => <AlarmMarks alert={alert} /> },
];
