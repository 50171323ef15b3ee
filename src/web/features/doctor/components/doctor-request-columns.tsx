/**
 * Table columns of /Doctor after the Action column, in the spec's order for a request's resident
 * (section 3: name, phoneNo, address, age, email, fname, fPhoneNo, fmName, fmphoneNo, fmName1,
 * fmphoneNo1) with readable titles, then what the resident wrote and when.
 */
import type { DataTableColumn } from 'mantine-datatable';
import type { DoctorRequest } from '../../../../shared/contracts/doctor';
import { truncatedColumn } from '../../../components/data-table';
import { overdueColumn } from '../../../components/overdue-badge';
import { residentCardColumns } from '../../../components/resident-card-columns';
import { formatDateTime } from '../../../../shared/format/dates';

export const doctorRequestColumns: DataTableColumn<DoctorRequest>[] = [
  ...residentCardColumns<DoctorRequest>(),
  truncatedColumn<DoctorRequest>({ accessor: 'description', title: 'Description' }),
  { accessor: 'pressedTime', title: 'Requested', noWrap: true, render: (request) => formatDateTime(request.pressedTime) },
  overdueColumn<DoctorRequest>(),
];
