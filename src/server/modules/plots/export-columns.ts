/** The plots' export (GET /api/plots/export): the society's listings as the table lists them, the price as money. */
import type { Plot } from '../../../shared/contracts/posts.js';
import type { ExportColumn } from '../../lib/list-export.js';

export const plotExportColumns: readonly ExportColumn<Plot>[] = [
  { title: 'ID', format: 'int', value: (p) => p._id },
  { title: 'Type', format: 'text', value: (p) => p.type },
  { title: 'Area', format: 'text', value: (p) => p.area },
  { title: 'Price', format: 'money', value: (p) => p.price },
  { title: 'Payment', format: 'text', value: (p) => p.payment },
  { title: 'Rooms', format: 'int', value: (p) => p.rooms },
  { title: 'Baths', format: 'int', value: (p) => p.baths },
  { title: 'Location', format: 'text', value: (p) => p.location },
  { title: 'Phone', format: 'text', value: (p) => p.phone },
  { title: 'Description', format: 'text', value: (p) => p.description },
  { title: 'Date', format: 'datetime', value: (p) => p.createdAt },
];
