/**
 * One announcement (title, time, picture, text, "Seen"), and the rule that showing announcements
 * marks the unseen ones seen (PUT /api/resident/announcements/:id/seen), once each, whether they
 * are shown in the list or opened alone.
 */
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import type { ZResidentAnnouncement } from '../../../shared/contracts/content';
import { t } from '../../i18n/catalogue';
import { api } from '../../lib/api';
import { formatDateTime } from '../../../shared/format/dates';
import { keys } from '../../lib/query-client';
import { MediaImage } from './media-image';

export type ResidentAnnouncement = z.infer<typeof ZResidentAnnouncement>;

/** Marks the unseen of `shown` seen, each once per mount, then refreshes the announcements (list and items). */
export function useMarkSeen(shown: readonly ResidentAnnouncement[] | undefined): void {
  const client = useQueryClient();
  const marked = useRef(new Set<number>());
  useEffect(() => {
    const unseen = (shown ?? []).filter((a) => !a.seen && !marked.current.has(a._id));
    if (unseen.length === 0) return;
    for (const a of unseen) marked.current.add(a._id);
    void Promise.allSettled(unseen.map((a) => api.put(`/api/resident/announcements/${a._id}/seen`))).then(() =>
      client.invalidateQueries({ queryKey: keys.announcements }),
    );
  }, [shown, client]);
}

export function AnnouncementCard({ announcement: a }: { announcement: ResidentAnnouncement }) {
  return (
    <Card withBorder component="article">
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
  );
}
