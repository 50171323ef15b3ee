/** Table columns of every security list (after the Action column): Name, Phone, Address, Time, Date, Status. */
import type { DataTableColumn } from 'mantine-datatable';
import type { SecurityAlert } from '../../../../shared/contracts/security';
import { formatDate, formatTime } from '../../../lib/format';
import { AlarmMarks } from './alarm-marks';

export const securityColumns: DataTableColumn<SecurityAlert>[] = [
  { accessor: 'resident.name', title: 'Name' },
  { accessor: 'resident.phoneNo', title: 'Phone' },
  { accessor: 'resident.address', title: 'Address' },
  { accessor: 'time', title: 'Time', render: (alert) => formatTime(alert.pressedTime) },
  { accessor: 'date', title: 'Date', render: (alert) => formatDate(alert.pressedTime) },
  { accessor: 'status', title: 'Status', render: (alert) => <AlarmMarks alert={alert} /> },
];
