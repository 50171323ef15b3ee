/**
 * The plots list's columns (spec sections 2 "Plots", 3 "Plot"): Media image, Type (with the area
 * under it), Price in PKR (with the payment under it), Rooms / Baths, Location, Phone,
 * Description, Date; PostList adds Delete. Two facts share a cell so the row fits a laptop screen;
 * Rooms / Baths, Location and Description show on a wide screen only, so Delete stays in view on a
 * tablet.
 */
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { Plot } from '../../../../shared/contracts/posts';
import { optionalColumn, truncatedColumn } from '../../../components/data-table';
import { MediaThumb } from '../../../components/media-thumb';
import { formatDate } from '../../../../shared/format/dates';
import { formatPrice } from '../../../../shared/format/money';

function TwoLines({ main, sub }: { main: string; sub: string }) {
  return (
    <>
      <Text size="sm">{main}</Text>
      <Text size="xs" c="dimmed">
        {sub}
      </Text>
    </>
  );
}

export const plotColumns: DataTableColumn<Plot>[] = [
  { accessor: 'media', title: 'Media image', width: 110, noWrap: true, render: (p) => <MediaThumb media={p.media[0]} more={p.media.length - 1} /> },
  { accessor: 'type', title: 'Type', render: (p) => <TwoLines main={p.type} sub={p.area} /> },
  // Wraps before the lakh/crore bracket (a no-break space inside it) where the column is narrow.
  { accessor: 'price', title: 'Price', render: (p) => <TwoLines main={formatPrice(p.price)} sub={p.payment} /> },
  optionalColumn<Plot>({ accessor: 'rooms', title: 'Rooms / Baths', noWrap: true, render: (p) => `${p.rooms} / ${p.baths}` }, 'wide'),
  optionalColumn<Plot>(truncatedColumn<Plot>({ accessor: 'location', title: 'Location' }), 'wide'),
  { accessor: 'phone', title: 'Phone', noWrap: true },
  optionalColumn<Plot>(truncatedColumn<Plot>({ accessor: 'description', title: 'Description' }), 'wide'),
  { accessor: 'date', title: 'Date', noWrap: true, render: (p) => formatDate(p.createdAt) },
];
