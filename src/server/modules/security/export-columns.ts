/** The alarm lists' export columns (GET /api/security/export): the table's columns, then what the list's drawer shows. */
import type { SecurityAlert } from '../../../shared/contracts/security.js';
import { residentBrief } from '../../desk/export-columns.js';
import type { ExportColumn } from '../../lib/list-export.js';

export const securityExportColumns: readonly ExportColumn<SecurityAlert>[] = [
  { title: 'ID', format: 'int', value: (a) => a._id },
  ...residentBrief<SecurityAlert>(),
  { title: 'Pressed', format: 'datetime', value: (a) => a.pressedTime },
  { title: 'Presses', format: 'int', value: (a) => a.pressCount },
  { title: 'Acknowledged', format: 'datetime', value: (a) => a.acknowledgedAt },
  { title: 'Acknowledged by', format: 'text', value: (a) => a.acknowledgedBy },
  { title: 'Escalated', format: 'text', value: (a) => (a.escalated ? 'Yes' : 'No') },
  // A drill's practice alarm is listed like a real one, so the file says which it is.
  { title: 'Drill', format: 'text', value: (a) => (a.drill ? 'DRILL' : '') },
  { title: 'Away from home', format: 'text', value: (a) => (a.notHomeActive ? 'Yes' : 'No') },
  { title: 'Message', format: 'text', value: (a) => a.securityComplain },
  { title: 'Staff note', format: 'text', value: (a) => a.staffNote },
  { title: 'Processed', format: 'datetime', value: (a) => a.proceededAt },
  { title: 'Completed', format: 'datetime', value: (a) => a.completedAt },
  { title: 'Response', format: 'text', value: (a) => a.response },
];
