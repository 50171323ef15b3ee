/**
 * The phone-mock live preview next to every post form (spec section 2 "Feed posts", "Discounts",
 * "Plots"): the post as a resident's app would show it, redrawn as the form is typed.
 *
 * - Several media show as a carousel (@mantine/carousel), one as a single slide.
 * - Videos start muted and loop; each has its own sound toggle ('Unmute video' / 'Mute video').
 * - The phone's screen follows the colour scheme, as a phone set to dark mode would.
 * - A YouTube link shows as a play icon with the link text: the app's CSP allows neither frames
 *   (`frame-src`) nor images from img.youtube.com (`img-src 'self'`), so no embed or thumbnail.
 */
import { ActionIcon, Anchor, Avatar, Box, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { Carousel } from '@mantine/carousel';
import { IconBrandYoutube, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Media } from '../../../shared/contracts/media';

export interface PhonePreviewProps {
  /** The app bar's title: the society's name. */
  societyName: string;
  /** The post's heading (feed: the society's name; discount: the brand; plot: its type). */
  title: string;
  /** A small line under the heading (e.g. the branch or the location). */
  subtitle?: string;
  /** A logo beside the heading (discounts); else the heading's initial. */
  logo?: Media | null;
  description: string;
  media: readonly Media[];
  youtubeLink?: string;
  /** Extra facts under the media (price in PKR, discount % and category…). */
  details?: ReactNode;
}

const MEDIA_HEIGHT = 200;

/** One video of the preview: muted at first, with its own sound toggle. */
function PreviewVideo({ media }: { media: Media }) {
  const [muted, setMuted] = useState(true);
  const ref = useRef<HTMLVideoElement>(null);
  // React does not keep the `muted` attribute in sync after mount: set the property itself.
  useEffect(() => {
    if (ref.current) ref.current.muted = muted;
  }, [muted]);
  return (
    <Box pos="relative" h={MEDIA_HEIGHT} bg="dark.7">
      <video
        ref={ref}
        src={media.url}
        autoPlay
        loop
        muted
        playsInline
        data-muted={muted}
        aria-label="Post video"
        style={{ width: '100%', height: '100%', objectFit: 'cover' }}
      />
      <ActionIcon
        variant="filled"
        color="dark"
        radius="xl"
        pos="absolute"
        bottom={8}
        right={8}
        aria-label={muted ? 'Unmute video' : 'Mute video'}
        aria-pressed={!muted}
        onClick={() => setMuted((m) => !m)}
      >
        {muted ? <IconVolumeOff size={16} aria-hidden /> : <IconVolume size={16} aria-hidden />}
      </ActionIcon>
    </Box>
  );
}

function Slide({ media }: { media: Media }) {
  if (media.kind === 'video') return <PreviewVideo media={media} />;
  return <Image src={media.url} h={MEDIA_HEIGHT} fit="cover" alt="Post image" />;
}

function PreviewMedia({ media, youtubeLink }: { media: readonly Media[]; youtubeLink?: string }) {
  if (youtubeLink) {
    return (
      <Stack h={MEDIA_HEIGHT} bg="dark.7" justify="center" align="center" gap={6} px="sm" aria-label="YouTube video">
        <IconBrandYoutube size={48} color="#ff0000" aria-hidden />
        <Anchor href={youtubeLink} target="_blank" rel="noopener noreferrer" size="xs" c="gray.3" style={{ wordBreak: 'break-all' }} ta="center">
          {youtubeLink}
        </Anchor>
      </Stack>
    );
  }
  if (media.length === 0) return null;
  const first = media[0];
  if (media.length === 1 && first) return <Slide media={first} />;
  return (
    <Carousel withIndicators height={MEDIA_HEIGHT} aria-label="Media carousel" emblaOptions={{ loop: false }}>
      {media.map((m) => (
        <Carousel.Slide key={m.id}>
          <Slide media={m} />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}

export function PhonePreview({ societyName, title, subtitle, logo, description, media, youtubeLink, details }: PhonePreviewProps) {
  return (
    <Paper component="section" aria-label="Phone preview" w={320} h={620} radius={40} p={10} bg="dark.8" shadow="md" style={{ flexShrink: 0 }}>
      <Stack gap={0} h="100%" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))" style={{ borderRadius: 30, overflow: 'hidden' }}>
        <Group justify="center" py={6} bg="light-dark(var(--mantine-color-gray-2), var(--mantine-color-dark-5))">
          <Box w={90} h={6} bg="var(--mantine-color-dimmed)" style={{ borderRadius: 3 }} aria-hidden />
        </Group>
        <Text fw={700} px="md" py="xs" bg="var(--mantine-color-teal-filled)" c="var(--mantine-color-teal-contrast)" truncate>
          {societyName}
        </Text>
        <Box p="xs" style={{ flex: 1, overflowY: 'auto' }}>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Group gap="xs" p="xs" wrap="nowrap">
              {logo ? (
                <Avatar src={logo.thumbUrl ?? logo.url} alt={`${title} logo`} radius="xl" />
              ) : (
                <Avatar radius="xl" color="teal">
                  {title.slice(0, 1).toUpperCase() || '?'}
                </Avatar>
              )}
              <Box style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" truncate>
                  {title || '—'}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {subtitle ? `${subtitle} · Just now` : 'Just now'}
                </Text>
              </Box>
            </Group>
            <PreviewMedia media={media} youtubeLink={youtubeLink} />
            {details ? (
              <Box px="xs" pt="xs">
                {details}
              </Box>
            ) : null}
            <Text size="sm" p="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="preview-description">
              {description || (
                <Text span c="dimmed" size="sm">
                  The description will show here.
                </Text>
              )}
            </Text>
          </Paper>
        </Box>
      </Stack>
    </Paper>
  );
}
