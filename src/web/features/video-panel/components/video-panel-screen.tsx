/**
 * /VideoPanel (spec section 2 "Video panel"), sub-roles button-five and super-admin:
 * one URL text box and Upload, which stores the society's video URL. Only http and https URLs
 * are taken: the server's own schema checks the box before any request (MSG.videoUrlInvalid), and
 * the server's 400 shows the same message. Below: the current URL (the newest entry, what
 * residents get) and every entry with its date and time, newest first, 10 a page (page in the URL).
 */
import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState, type FormEvent } from 'react';
import { PAGE_SIZE } from '../../../../shared/constants';
import { ZSetVideoPanel, type VideoPanelEntry } from '../../../../shared/contracts/content';
import { errorMessage } from '../../../lib/api-error';
import { formatDate, formatDateTime, formatTime } from '../../../../shared/format/dates';
import { notifyOutcome } from '../../../lib/notify';
import { useFormErrors, bindText } from '../../../lib/use-form-errors';
import { useListParams } from '../../../lib/use-list-params';
import { FIRST_PAGE, useSetVideoPanel, useVideoPanelEntries } from '../api/video-panel';

/** Shown after a successful Upload. */
export const VIDEO_URL_SAVED = 'Video URL saved.';

function UrlLink({ url }: { url: string }) {
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
      {url}
    </Anchor>
  );
}

function VideoUrlForm() {
  const [url, setUrl] = useState('');
  const save = useSetVideoPanel();
  const errors = useFormErrors(ZSetVideoPanel);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = errors.check({ url });
    if (!parsed) return;
    save.mutate(
      parsed.url,
      notifyOutcome(VIDEO_URL_SAVED, () => setUrl('')),
    );
  };

  return (
    <Paper withBorder p="md" radius="sm" component="form" onSubmit={submit} noValidate aria-label="Set video URL">
      <Group align="end" gap="sm">
        <TextInput
          label="Video URL"
          placeholder="https://…"
          withAsterisk
          {...bindText(url, setUrl)}
          error={errors.errorOf('url')}
          maxLength={2000}
          autoComplete="off"
          style={{ flex: 1, minWidth: 260 }}
        />
        <Button type="submit" loading={save.isPending}>
          Upload
        </Button>
      </Group>
    </Paper>
  );
}

function CurrentUrl() {
  const { data, error, isPending } = useVideoPanelEntries(FIRST_PAGE);
  const current = data?.items[0];
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-label="Current video URL">
      <Title order={4} mb="xs">
        Current video URL
      </Title>
      {error ? (
        <Text c="red">{errorMessage(error)}</Text>
      ) : current ? (
        <Stack gap={4}>
          <UrlLink url={current.url} />
          <Text size="sm" c="dimmed">
            Set {formatDateTime(current.createdAt)}
          </Text>
        </Stack>
      ) : (
        <Text c="dimmed">{isPending ? 'Loading…' : 'No video URL set yet.'}</Text>
      )}
    </Paper>
  );
}

function History() {
  const list = useListParams();
  const { data, isFetching, isPlaceholderData, error } = useVideoPanelEntries(list.view);
  const currentId = useVideoPanelEntries(FIRST_PAGE).data?.items[0]?._id;
  const columns: DataTableColumn<VideoPanelEntry>[] = [
    {
      accessor: 'url',
      title: 'URL',
      render: (entry) => (
        <Group gap="xs" wrap="nowrap">
          <UrlLink url={entry.url} />
          {entry._id === currentId ? (
            <Badge color="teal" variant="light">
              Current
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { accessor: 'date', title: 'Date', width: 120, render: (entry) => formatDate(entry.createdAt) },
    { accessor: 'time', title: 'Time', width: 110, render: (entry) => formatTime(entry.createdAt) },
  ];
  return (
    <section aria-label="Video URL history">
      <Title order={4} mb="sm">
        All video URLs
      </Title>
      {error ? (
        <Text c="red" mb="sm">
          {errorMessage(error)}
        </Text>
      ) : null}
      <DataTable<VideoPanelEntry>
        withTableBorder
        borderRadius="sm"
        striped
        minHeight={data && data.items.length > 0 ? undefined : 160}
        fetching={isFetching && (isPlaceholderData || !data)}
        records={data?.items ?? []}
        columns={columns}
        idAccessor="_id"
        noRecordsText="No video URL set yet"
        page={list.page}
        onPageChange={(to) => list.setPage(to)}
        totalRecords={data?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
      />
    </section>
  );
}

export function VideoPanelScreen() {
  return (
    <Stack gap="lg" maw={1000}>
      <Title order={2}>Video Panel</Title>
      <VideoUrlForm />
      <CurrentUrl />
      <History />
    </Stack>
  );
}
