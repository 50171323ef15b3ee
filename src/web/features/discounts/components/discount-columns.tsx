/**
 * The discounts list's columns (spec sections 2 "Discounts", 3 "Discount"): Logo, Brand, Branch
 * or outlet, Media image, Discount (%), Category, Description, Date; PostList adds Delete. Branch,
 * Media image and Description show on a wide screen only, so Delete stays in view on a tablet.
 */
import type { DataTableColumn } from 'mantine-datatable';
import type { Discount } from '../../../../shared/contracts/posts';
import { optionalColumn, truncatedColumn } from '../../../components/data-table';
import { MediaThumb } from '../../../components/media-thumb';
import { formatDate } from '../../../../shared/format/dates';

export const discountColumns: DataTableColumn<Discount>[] = [
  { accessor: 'logo', title: 'Logo', width: 90, render: (d) => <MediaThumb media={d.logo} alt={`${d.brandName} logo`} /> },
  { accessor: 'brandName', title: 'Brand', width: 150 },
  optionalColumn<Discount>({ accessor: 'branch', title: 'Branch or outlet', width: 160 }, 'wide'),
  optionalColumn<Discount>({ accessor: 'media', title: 'Media image', width: 110, render: (d) => <MediaThumb media={d.media} /> }, 'wide'),
  { accessor: 'discount', title: 'Discount', width: 90, render: (d) => `${d.discount}%` },
  { accessor: 'category', title: 'Category', width: 110 },
  optionalColumn<Discount>(truncatedColumn<Discount>({ accessor: 'description', title: 'Description' }), 'wide'),
  { accessor: 'date', title: 'Date', width: 110, render: (d) => formatDate(d.createdAt) },
];
