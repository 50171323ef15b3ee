/**
 * Table columns of /Doctor after the Action column, in the spec's order for a request's resident
 * (section 3: name, phoneNo, address, age, email, fname, fPhoneNo, fmName, fmphoneNo, fmName1,
 * fmphoneNo1) with readable titles, then what the resident wrote and when.
 */
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { DoctorRequest } from '../../../../shared/contracts/doctor';
import { residentCardColumns } from '../../../components/resident-card-columns';
import { formatDateTime } from '../../../lib/format';

export const doctorRequestColumns: DataTableColumn<DoctorRequest>[] = [
  ...residentCardColumns<DoctorRequest>(),
  {
    accessor: 'description',
    title: 'Description',
    render: (request) => (
      <Text size="sm" lineClamp={2} maw={320}>
        {request.description}
      </Text>
    ),
  },
  { accessor: 'pressedTime', title: 'Requested', noWrap: true, render: (request) => formatDateTime(request.pressedTime) },
];
