/**
 * One post of the society's feed: text, pictures, the YouTube link, and Like / its count
 * (PUT / DELETE /api/resident/feed/:id/like), which refreshes the feed and the post's own screen
 * (both under keys.feed).
 */
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZResidentFeedPost } from '../../../shared/contracts/posts';
import { t } from '../../i18n/catalogue';
import { api } from '../../lib/api';
import { formatDateTime } from '../../../shared/format/dates';
import { keys } from '../../lib/query-client';
import { MediaImage } from './media-image';

export type ResidentFeedPost = z.infer<typeof ZResidentFeedPost>;

export function FeedPostCard({ post }: { post: ResidentFeedPost }) {
  const client = useQueryClient();
  const like = useMutation({
    mutationFn: () => (post.likedByMe ? api.delete(`/api/resident/feed/${post._id}/like`) : api.put(`/api/resident/feed/${post._id}/like`)),
    onSettled: () => client.invalidateQueries({ queryKey: keys.feed }),
  });
  return (
    <Card withBorder component="article">
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
            loading={like.isPending}
            onClick={() => like.mutate()}
          >
            {t.society.like}
          </Button>
          <Text size="sm">{t.society.likes(post.likes)}</Text>
        </Group>
      </Stack>
    </Card>
  );
}
