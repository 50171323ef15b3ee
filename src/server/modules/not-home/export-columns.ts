/** The not-at-home lists' export columns (GET /api/nothome/export): the resident, the days away (date cells), the guard. */
import type { NotHome } from '../../../shared/contracts/not-home.js';
import { residentBrief } from '../../desk/export-columns.js';
import type { ExportColumn } from '../../lib/list-export.js';

export const notHomeExportColumns: readonly ExportColumn<NotHome>[] = [
  { title: 'ID', format: 'int', value: (n) => n._id },
  ...residentBrief<NotHome>(),
  { title: 'From', format: 'date', value: (n) => n.from },
  { title: 'To', format: 'date', value: (n) => n.to },
  { title: 'Days', format: 'int', value: (n) => n.days },
  { title: 'State', format: 'text', value: (n) => n.state },
  { title: 'Guard', format: 'text', value: (n) => n.guardName },
  { title: 'Guard phone', format: 'text', value: (n) => n.guardPhone },
  { title: 'Guard email', format: 'text', value: (n) => n.guardEmail },
  { title: 'Filed', format: 'datetime', value: (n) => n.pressedTime },
  { title: 'Arrived', format: 'datetime', value: (n) => n.arrivedAt },
  { title: 'Cancelled', format: 'datetime', value: (n) => n.cancelledAt },
];
