/**
 * /Annoucements (spec section 2 "Announcements"), sub-role annoucements: the form, and
 * below it the society's announcements, newest first, 10 a page with server-side search (page,
 * search and cursor in the URL): Title, Image, Description, Seen by (residents who marked it
 * seen), Date, Time.
 */
import { Image, Stack, Text, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { Announcement } from '../../../../shared/contracts/content';
import { DataTable, truncatedColumn } from '../../../components/data-table';
import { formatDate, formatTime } from '../../../../shared/format/dates';
import { useListParams } from '../../../lib/use-list-params';
import { useAnnouncements } from '../api/announcements';
import { AnnouncementForm } from './announcement-form';

const COLUMNS: DataTableColumn<Announcement>[] = [
  { accessor: 'title', title: 'Title', width: 200 },
  {
    accessor: 'media',
    title: 'Image',
    width: 96,
    render: (a) =>
      a.media ? <Image src={a.media.thumbUrl ?? a.media.url} alt={`Image of ${a.title}`} w={64} h={64} fit="cover" radius="sm" /> : <Text c="dimmed">—</Text>,
  },
  truncatedColumn<Announcement>({ accessor: 'description', title: 'Description' }),
  { accessor: 'seenCount', title: 'Seen by', width: 110, render: (a) => `${a.seenCount} ${a.seenCount === 1 ? 'resident' : 'residents'}` },
  { accessor: 'date', title: 'Date', width: 110, render: (a) => formatDate(a.createdAt) },
  { accessor: 'time', title: 'Time', width: 100, render: (a) => formatTime(a.createdAt) },
];

export function AnnouncementsScreen() {
  const list = useListParams();
  const query = useAnnouncements(list.view);
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={2}>Announcements</Title>
      <AnnouncementForm />
      <section aria-label="Announcements list">
        <Title order={3} mb="sm">
          Posted announcements
        </Title>
        <DataTable<Announcement>
          query={query}
          columns={COLUMNS}
          rowId={(a) => a._id}
          list={list}
          searchPlaceholder="Search title or description"
          noRecordsText={list.q ? 'No announcements match this search' : 'No announcements yet'}
        />
      </section>
    </Stack>
  );
}
