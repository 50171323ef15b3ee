/**
 * The plots list's columns (spec sections 2 "Plots", 3 "Plot"): Media image, Type (with the area
 * under it), Price in PKR (with the payment under it), Rooms / Baths, Location, Phone,
 * Description, Date; PostList adds Delete. Two facts share a cell so the row fits a laptop screen.
 */
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { Plot } from '../../../../shared/contracts/posts';
import { MediaThumb } from '../../../components/media-thumb';
import { formatDate } from '../../../lib/format';
import { formatPkr } from '../../../../shared/money';

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
  { accessor: 'price', title: 'Price', noWrap: true, render: (p) => <TwoLines main={formatPkr(p.price)} sub={p.payment} /> },
  { accessor: 'rooms', title: 'Rooms / Baths', width: 80, render: (p) => `${p.rooms} / ${p.baths}` },
  { accessor: 'location', title: 'Location' },
  { accessor: 'phone', title: 'Phone' },
  {
    accessor: 'description',
    title: 'Description',
    render: (p) => (
      <Text size="sm" lineClamp={2} miw={180} style={{ wordBreak: 'break-word' }}>
        {p.description}
      </Text>
    ),
  },
  { accessor: 'date', title: 'Date', noWrap: true, render: (p) => formatDate(p.createdAt) },
];
