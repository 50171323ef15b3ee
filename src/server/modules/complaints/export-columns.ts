/** The complaint lists' export columns (GET /api/complain/export): the table's columns, then the stage's times and the response. */
import type { Complaint } from '../../../shared/contracts/complaints.js';
import { overdueColumn, residentBrief } from '../../desk/export-columns.js';
import type { ExportColumn } from '../../lib/list-export.js';

export const complaintExportColumns: readonly ExportColumn<Complaint>[] = [
  { title: 'ID', format: 'int', value: (c) => c._id },
  ...residentBrief<Complaint>(),
  { title: 'Complaint', format: 'text', value: (c) => c.complain },
  { title: 'Filed', format: 'datetime', value: (c) => c.pressedTime },
  { title: 'Processed', format: 'datetime', value: (c) => c.pressedTime1 },
  { title: 'Completed', format: 'datetime', value: (c) => c.pressedTime2 },
  { title: 'Response', format: 'text', value: (c) => c.response },
  overdueColumn<Complaint>(),
];
