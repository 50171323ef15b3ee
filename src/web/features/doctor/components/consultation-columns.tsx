/**
 * Table columns of /Prescription and /CompletedDoctor after the Action column (spec section 2
 * "Prescription": patient name, phone, address, email, the family fields and Meet Id), then the
 * meeting's status.
 */
import { Badge } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { Consultation } from '../../../../shared/contracts/doctor';
import { optionalColumn, truncatedColumn } from '../../../components/data-table';
import { overdueColumn } from '../../../components/overdue-badge';
import { addressColumn, copiedFamilyColumns, emailColumn } from '../../../components/resident-card-columns';

export const consultationColumns: DataTableColumn<Consultation>[] = [
  truncatedColumn<Consultation>({ accessor: 'patientName', title: 'Patient name' }),
  { accessor: 'patientPhone', title: 'Phone', noWrap: true },
  addressColumn<Consultation>(['patientAddress', 'Address']),
  emailColumn<Consultation>(['patientEmail', 'Email']),
  ...copiedFamilyColumns<Consultation>(),
  optionalColumn<Consultation>(truncatedColumn<Consultation>({ accessor: 'meetingId', title: 'Meet Id' }), 'wide'),
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
  overdueColumn<Consultation>(),
];
