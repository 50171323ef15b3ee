/**
 * The discounts list's columns (spec sections 2 "Discounts", 3 "Discount"): Logo, Brand, Branch
 * or outlet, Media image, Discount (%), Category, Description, Date; PostList adds Delete.
 */
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { Discount } from '../../../../shared/contracts/posts';
import { MediaThumb } from '../../../components/media-thumb';
import { formatDate } from '../../../lib/format';

export const discountColumns: DataTableColumn<Discount>[] = [
  { accessor: 'logo', title: 'Logo', width: 90, render: (d) => <MediaThumb media={d.logo} alt={`${d.brandName} logo`} /> },
  { accessor: 'brandName', title: 'Brand', width: 150 },
  { accessor: 'branch', title: 'Branch or outlet', width: 160 },
  { accessor: 'media', title: 'Media image', width: 110, render: (d) => <MediaThumb media={d.media} /> },
  { accessor: 'discount', title: 'Discount', width: 90, render: (d) => `${d.discount}%` },
  { accessor: 'category', title: 'Category', width: 110 },
  {
    accessor: 'description',
    title: 'Description',
    render: (d) => (
      <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
        {d.description}
      </Text>
    ),
  },
  { accessor: 'date', title: 'Date', width: 110, render: (d) => formatDate(d.createdAt) },
];
