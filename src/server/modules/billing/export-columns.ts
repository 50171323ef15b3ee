/** The bills list's export (GET /api/bills/export): the resident, the period as a date cell (its first day), units, rate and total as numbers. */
import type { Bill } from '../../../shared/contracts/billing.js';
import type { ExportColumn } from '../../lib/list-export.js';

export const billExportColumns: readonly ExportColumn<Bill>[] = [
  { title: 'ID', format: 'int', value: (b) => b._id },
  { title: 'Resident ID', format: 'text', value: (b) => b.residentId },
  { title: 'Name', format: 'text', value: (b) => b.name },
  { title: 'Phone', format: 'text', value: (b) => b.phoneNo },
  { title: 'Address', format: 'text', value: (b) => b.address },
  // 'YYYY-MM' → the month's first day, so the cell is a real date a spreadsheet sorts and groups.
  { title: 'Period', format: 'date', value: (b) => `${b.period}-01` },
  { title: 'Units', format: 'int', value: (b) => b.units },
  { title: 'Rate per unit', format: 'money', value: (b) => b.ratePerUnit },
  { title: 'Total', format: 'money', value: (b) => b.total },
  { title: 'Imported', format: 'text', value: (b) => (b.importId === null ? 'No' : 'Yes') },
  { title: 'Entered', format: 'datetime', value: (b) => b.createdAt },
];
