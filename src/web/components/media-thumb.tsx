/**
 * The 'Media image' cell of the post lists: the thumbnail of a post's first media, a
 * play mark for a video, a YouTube mark for a link post, a dash for none. `more` counts the
 * post's other media ('+2').
 */
import { Badge, Box, Group, Image } from '@mantine/core';
import { IconBrandYoutube, IconPlayerPlay } from '@tabler/icons-react';
import type { Media } from '../../shared/contracts/media';

const SIZE = 56;

export function MediaThumb({
  media,
  more = 0,
  youtube = false,
  alt = 'Post image',
}: {
  media: Media | undefined;
  more?: number;
  youtube?: boolean;
  alt?: string;
}) {
  let mark;
  if (youtube) {
    mark = (
      <Group w={SIZE} h={SIZE} justify="center" bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4 }} role="img" aria-label="YouTube video">
        <IconBrandYoutube color="#ff0000" aria-hidden />
      </Group>
    );
  } else if (!media) {
    return <>—</>;
  } else if (media.kind === 'image') {
    mark = <Image src={media.thumbUrl ?? media.url} w={SIZE} h={SIZE} fit="cover" radius="sm" alt={alt} />;
  } else {
    mark = (
      <Group w={SIZE} h={SIZE} justify="center" bg="dark.6" style={{ borderRadius: 4 }} aria-label="Video">
        <IconPlayerPlay color="white" aria-hidden />
      </Group>
    );
  }
  return (
    <Box pos="relative" w={SIZE}>
      {mark}
      {more > 0 ? (
        <Badge size="xs" pos="absolute" bottom={-4} right={-8} variant="filled">
          +{more}
        </Badge>
      ) : null}
    </Box>
  );
}
