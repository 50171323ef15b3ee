/** The columns of /Status's two resident tables, with a Verify button per row (spec section 2 "Status"). */
import { residentStatusLabel } from '../../../../shared/labels';
import { Badge, Button } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { ResidentRow, ResidentStatus } from '../../../../shared/contracts/residents-admin';
import { truncatedColumn, wrappedColumn } from '../../../components/data-table';
import { formatDateTime } from '../../../../shared/format/dates';

export const STATUS_COLORS: Record<ResidentStatus, string> = { Pending: 'yellow', Approve: 'teal', Block: 'red' };

export function StatusBadge({ status }: { status: ResidentStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {residentStatusLabel(status)}
    </Badge>
  );
}

/** Verify (opens the resident's status drawer), Name, Resident ID, Phone, Address, Status, Registered; sized to fit 1024 px. */
export function residentColumns(onVerify: (row: ResidentRow) => void): DataTableColumn<ResidentRow>[] {
  return [
    {
      accessor: 'verify',
      title: 'Verify',
      render: (row) => (
        <Button size="xs" variant="light" onClick={() => onVerify(row)} aria-label={`Verify ${row.Name}`}>
          Verify
        </Button>
      ),
    },
    truncatedColumn<ResidentRow>({ accessor: 'Name', title: 'Name' }),
    { accessor: 'ResidentID', title: 'Resident ID' },
    { accessor: 'Phone_Number', title: 'Phone No' },
    // Wrapped, not cut: the whole table fits a 1024-pixel tablet's 750-pixel content box.
    wrappedColumn<ResidentRow>({ accessor: 'Address', title: 'Address' }),
    { accessor: 'Status', title: 'Status', render: (row) => <StatusBadge status={row.Status} /> },
    { accessor: 'registeredAt', title: 'Registered', render: (row) => formatDateTime(row.registeredAt) },
  ];
}
