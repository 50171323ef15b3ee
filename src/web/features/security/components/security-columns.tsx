/**
 * Table columns of every security list (after the Action column): Name, Phone, Address, Time,
 * Date, Status. The address is shown on every screen until a member hides it (Columns): it is
 * where the guard goes, so it stays on a 1024-pixel guard-desk tablet too, wrapped onto a second
 * line rather than cut, and the table still fits the tablet's content box.
 */
import type { DataTableColumn } from 'mantine-datatable';
import type { SecurityAlert } from '../../../../shared/contracts/security';
import { optionalColumn, truncatedColumn, wrappedColumn } from '../../../components/data-table';
import { formatDate, formatTime } from '../../../../shared/format/dates';
import { AlarmMarks } from './alarm-marks';

export const securityColumns: DataTableColumn<SecurityAlert>[] = [
  truncatedColumn<SecurityAlert>({ accessor: 'resident.name', title: 'Name' }),
  { accessor: 'resident.phoneNo', title: 'Phone', noWrap: true },
  optionalColumn<SecurityAlert>(wrappedColumn<SecurityAlert>({ accessor: 'resident.address', title: 'Address' }), true),
  { accessor: 'time', title: 'Time', noWrap: true, render: (alert) => formatTime(alert.pressedTime) },
  { accessor: 'date', title: 'Date', noWrap: true, render: (alert) => formatDate(alert.pressedTime) },
  { accessor: 'status', title: 'Status', render: (alert) => <AlarmMarks alert={alert} /> },
];
