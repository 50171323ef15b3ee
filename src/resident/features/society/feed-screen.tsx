/** The society's feed (GET /api/resident/feed) with likes (PUT / DELETE /api/resident/feed/:id/like). */
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZResidentFeedPost } from '../../../shared/contracts/posts';
import { Screen } from '../../app/screen';
import { t } from '../../i18n/catalogue';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { ListState } from '../../lib/list-state';
import { Pager, usePaged } from '../../lib/paged';
import { keys } from '../../lib/query-client';
import { MediaImage } from './media-image';

type ResidentFeedPost = z.infer<typeof ZResidentFeedPost>;

export default function FeedScreen() {
  const client = useQueryClient();
  const { list, page, setPage } = usePaged<ResidentFeedPost>(keys.feed, '/api/resident/feed');
  const like = useMutation({
    mutationFn: (post: ResidentFeedPost) =>
      post.likedByMe ? api.delete(`/api/resident/feed/${post._id}/like`) : api.put(`/api/resident/feed/${post._id}/like`),
    onSettled: () => client.invalidateQueries({ queryKey: keys.feed }),
  });
  return (
    <Screen title={t.society.feed} back={{ to: '/society', label: t.society.title }}>
      <ListState list={list}>
        {(items) =>
          items.map((post) => (
            <Card key={post._id} withBorder component="article">
              <Stack gap="xs">
                <Text fw={700}>{post.title}</Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(post.createdAt)}
                </Text>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{post.description}</Text>
                {post.media.map((m) => (
                  <MediaImage key={m.id} media={m} />
                ))}
                {post.youtubeLink && (
                  <Anchor href={post.youtubeLink} target="_blank" rel="noopener noreferrer">
                    {t.society.watch}
                  </Anchor>
                )}
                <Group>
                  <Button
                    size="xs"
                    variant={post.likedByMe ? 'filled' : 'default'}
                    aria-pressed={post.likedByMe}
                    loading={like.isPending && like.variables?._id === post._id}
                    onClick={() => like.mutate(post)}
                  >
                    {t.society.like}
                  </Button>
                  <Text size="sm">{t.society.likes(post.likes)}</Text>
                </Group>
              </Stack>
            </Card>
          ))
        }
      </ListState>
      <Pager page={page} setPage={setPage} hasOlder={list.data?.nextAfter != null} />
    </Screen>
  );
}
