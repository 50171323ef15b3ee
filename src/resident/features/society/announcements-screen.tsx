/**
 * The society's announcements (GET /api/resident/announcements), each with whether the resident
 * has seen it. Showing the list marks the unseen ones on it seen (PUT …/:id/seen), once each.
 */
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import type { ZResidentAnnouncement } from '../../../shared/contracts/content';
import { Screen } from '../../app/screen';
import { t } from '../../i18n/catalogue';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { ListState } from '../../lib/list-state';
import { Pager, usePaged } from '../../lib/paged';
import { keys } from '../../lib/query-client';
import { MediaImage } from './media-image';

type ResidentAnnouncement = z.infer<typeof ZResidentAnnouncement>;

export default function AnnouncementsScreen() {
  const client = useQueryClient();
  const { list, page, setPage } = usePaged<ResidentAnnouncement>(keys.announcements, '/api/resident/announcements');
  const marked = useRef(new Set<number>());
  useEffect(() => {
    const unseen = (list.data?.items ?? []).filter((a) => !a.seen && !marked.current.has(a._id));
    if (unseen.length === 0) return;
    for (const a of unseen) marked.current.add(a._id);
    void Promise.allSettled(unseen.map((a) => api.put(`/api/resident/announcements/${a._id}/seen`))).then(() =>
      client.invalidateQueries({ queryKey: keys.announcements }),
    );
  }, [list.data, client]);
  return (
    <Screen title={t.society.announcements} back={{ to: '/society', label: t.society.title }}>
      <ListState list={list}>
        {(items) =>
          items.map((a) => (
            <Card key={a._id} withBorder component="article">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={700}>{a.title}</Text>
                  {a.seen && (
                    <Badge variant="light" color="gray">
                      {t.society.seen}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {formatDateTime(a.createdAt)}
                </Text>
                {a.media && <MediaImage media={a.media} />}
                <Text style={{ whiteSpace: 'pre-wrap' }}>{a.description}</Text>
              </Stack>
            </Card>
          ))
        }
      </ListState>
      <Pager page={page} setPage={setPage} hasOlder={list.data?.nextAfter != null} />
    </Screen>
  );
}
