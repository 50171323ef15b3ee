/** The discounts' export (GET /api/discounts/export): the society's offers as the table lists them (images left out). */
import type { Discount } from '../../../shared/contracts/posts.js';
import type { ExportColumn } from '../../lib/list-export.js';

export const discountExportColumns: readonly ExportColumn<Discount>[] = [
  { title: 'ID', format: 'int', value: (d) => d._id },
  { title: 'Brand', format: 'text', value: (d) => d.brandName },
  { title: 'Branch or outlet', format: 'text', value: (d) => d.branch },
  { title: 'Discount (%)', format: 'int', value: (d) => d.discount },
  { title: 'Category', format: 'text', value: (d) => d.category },
  { title: 'Description', format: 'text', value: (d) => d.description },
  { title: 'Date', format: 'datetime', value: (d) => d.createdAt },
];
