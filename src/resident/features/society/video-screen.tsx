/** The society's current video link (GET /api/resident/video-panel), opened in a new tab. */
import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZResidentVideoPanel } from '../../../shared/contracts/content';
import { ErrorNotice } from '../../app/error-notice';
import { Loading } from '../../app/loading';
import { Screen } from '../../app/screen';
import { t } from '../../i18n/catalogue';
import { api } from '../../lib/api';
import { formatDateTime } from '../../../shared/format/dates';
import { keys } from '../../lib/query-client';

export default function VideoScreen() {
  const video = useQuery({
    queryKey: keys.video,
    queryFn: ({ signal }) => api.get<z.infer<typeof ZResidentVideoPanel>>('/api/resident/video-panel', undefined, signal),
  });
  return (
    <Screen title={t.society.video} back={{ to: '/society', label: t.society.title }}>
      {video.isPending ? (
        <Loading />
      ) : video.isError ? (
        <ErrorNotice error={video.error} onRetry={() => void video.refetch()} />
      ) : video.data.current ? (
        <>
          <Text size="sm" c="dimmed">
            {formatDateTime(video.data.current.createdAt)}
          </Text>
          <Button component="a" href={video.data.current.url} target="_blank" rel="noopener noreferrer">
            {t.society.openVideo}
          </Button>
        </>
      ) : (
        <Text>{t.society.noVideo}</Text>
      )}
    </Screen>
  );
}
