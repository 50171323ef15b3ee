/** The /Status lists' export (GET /api/residents/export and /api/residents/pending/export): the table's columns, then the rest of the row. */
import type { ResidentRow } from '../../../shared/contracts/residents-admin.js';
import type { ExportColumn } from '../../lib/list-export.js';

export const residentRowExportColumns: readonly ExportColumn<ResidentRow>[] = [
  { title: 'Name', format: 'text', value: (r) => r.Name },
  { title: 'Resident ID', format: 'text', value: (r) => r.ResidentID },
  { title: 'Phone No', format: 'text', value: (r) => r.Phone_Number },
  { title: 'Address', format: 'text', value: (r) => r.Address },
  { title: 'Status', format: 'text', value: (r) => r.Status },
  { title: 'Registered', format: 'datetime', value: (r) => r.registeredAt },
  { title: 'Age', format: 'int', value: (r) => r.Age },
  { title: 'Father name', format: 'text', value: (r) => r.Father_Name },
  { title: 'Father phone', format: 'text', value: (r) => r.Father_Phone_Number },
];
