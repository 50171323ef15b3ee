/**
 * Table columns of /Prescription and /CompletedDoctor after the Action column (spec section 2
 * "Prescription": patient name, phone, address, email, the family fields and Meet Id), then the
 * meeting's status.
 */
import { Badge } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { Consultation } from '../../../../shared/contracts/doctor';

export const consultationColumns: DataTableColumn<Consultation>[] = [
  { accessor: 'patientName', title: 'Patient name', noWrap: true },
  { accessor: 'patientPhone', title: 'Phone', noWrap: true },
  { accessor: 'patientAddress', title: 'Address', noWrap: true },
  { accessor: 'patientEmail', title: 'Email', noWrap: true },
  { accessor: 'Fname', title: 'Father name', noWrap: true },
  { accessor: 'Fphone', title: 'Father phone', noWrap: true },
  { accessor: 'FMname', title: 'Family member', noWrap: true },
  { accessor: 'FMphone', title: 'Family member phone', noWrap: true },
  { accessor: 'FMname1', title: 'Family member 2', noWrap: true },
  { accessor: 'FMphone1', title: 'Family member 2 phone', noWrap: true },
  { accessor: 'meetingId', title: 'Meet Id', noWrap: true },
  {
    accessor: 'meetingStatus',
    title: 'Status',
    noWrap: true,
    render: (consultation) => (
      <Badge variant="light" color={consultation.prescription ? 'teal' : 'blue'}>
        {consultation.meetingStatus}
      </Badge>
    ),
  },
];
