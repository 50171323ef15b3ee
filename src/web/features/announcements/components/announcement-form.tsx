/**
 * The announcement form (spec section 2 "Announcements": title, description, a single image and
 * Upload; section 5). The image uploads as soon as it is chosen (the shared MediaPicker, one image
 * at most: a second one is refused with MSG.announcementOneMedia). Upload checks the form with the
 * server's own schema first, so a missing title or description is refused before any request
 * with the server's message; the server's 400s are shown the same way. On success a toast says
 * so and the form clears.
 */
import { Button, Group, Paper, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ZCreateAnnouncement } from '../../../../shared/contracts/content';
import type { Media } from '../../../../shared/contracts/media';
import { MSG } from '../../../../shared/messages';
import { MediaPicker } from '../../../components/media-picker';
import { notifyOutcome } from '../../../lib/notify';
import { useFormErrors, bindText } from '../../../lib/use-form-errors';
import { useCreateAnnouncement } from '../api/announcements';

/** Shown after a successful Upload. */
export const ANNOUNCEMENT_POSTED = 'Announcement posted.';

export function AnnouncementForm() {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [media, setMedia] = useState<Media[]>([]);
  const [uploading, setUploading] = useState(false);
  const create = useCreateAnnouncement();
  const errors = useFormErrors(ZCreateAnnouncement);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || uploading) return;
    const body = errors.check({ title, description, mediaId: media[0]?.id });
    if (!body) return;
    create.mutate(
      body,
      notifyOutcome(ANNOUNCEMENT_POSTED, () => {
        setTitle('');
        setDescription('');
        setMedia([]);
      }),
    );
  };

  return (
    <Paper withBorder p="md" radius="sm" component="form" onSubmit={submit} noValidate aria-label="New announcement">
      <Stack gap="sm">
        <Title order={3}>New announcement</Title>
        <TextInput label="Title" withAsterisk {...bindText(title, setTitle)} maxLength={200} autoComplete="off" error={errors.errorOf('title')} />
        <Textarea label="Description" withAsterisk {...bindText(description, setDescription)} autosize minRows={3} error={errors.errorOf('description')} />
        <MediaPicker
          label="Image"
          value={media}
          onChange={setMedia}
          max={1}
          accept="image"
          tooManyMessage={MSG.announcementOneMedia}
          onBusyChange={setUploading}
          disabled={create.isPending}
        />
        <Group>
          <Button type="submit" loading={create.isPending} disabled={uploading}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
