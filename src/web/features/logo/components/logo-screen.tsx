/**
 * /Logo (spec section 2 "Logo": one text box and Upload, which sets the logo id), sub-role
 * logo. The text box holds a media id; choosing an image uploads it at once (the shared
 * MediaPicker, one image) and fills the box with its id, or an id uploaded earlier can be typed
 * in. Upload checks the id with the server's schema, then PUT /api/logo; on success a toast, the
 * header here updates at once (the `me` query, lib/me-query.ts) and every other staff screen of
 * the society by the server's socket event. The current logo is shown above the form.
 */
import { Button, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ZSetLogo } from '../../../../shared/contracts/content';
import type { Media } from '../../../../shared/contracts/media';
import { MSG } from '../../../../shared/messages';
import { MediaPicker } from '../../../components/media-picker';
import { useSetSocietyLogo, useSocietyLogo } from '../../../lib/me-query';
import { notifyOutcome } from '../../../lib/notify';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useUser } from '../../../lib/user-context';
import { useSetLogo } from '../api/set-logo';

/** Shown after a successful Upload. */
export const LOGO_SAVED = 'Logo updated.';

export function LogoScreen() {
  const user = useUser();
  const logoUrl = useSocietyLogo();
  const onLogoChanged = useSetSocietyLogo();
  const [mediaId, setMediaId] = useState('');
  const [media, setMedia] = useState<Media[]>([]);
  const [uploading, setUploading] = useState(false);
  const save = useSetLogo(onLogoChanged);
  const errors = useFormErrors(ZSetLogo);

  const pickMedia = (next: Media[]) => {
    setMedia(next);
    setMediaId(next[0]?.id ?? '');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || uploading) return;
    const parsed = errors.check({ mediaId: mediaId.trim() });
    if (!parsed) return;
    save.mutate(
      parsed.mediaId,
      notifyOutcome(LOGO_SAVED, () => {
        setMediaId('');
        setMedia([]);
      }),
    );
  };

  return (
    <Stack gap="lg" maw={720}>
      <Title order={2}>Logo</Title>
      <Paper withBorder p="md" radius="sm" component="section" aria-label="Current logo">
        <Title order={4} mb="sm">
          Current logo
        </Title>
        {logoUrl ? (
          <Image src={logoUrl} alt={`${user.societyName} logo`} h={120} w="auto" fit="contain" />
        ) : (
          <Text c="dimmed">{logoUrl === undefined ? 'Loading…' : 'No logo set yet.'}</Text>
        )}
      </Paper>
      <Paper withBorder p="md" radius="sm" component="form" onSubmit={submit} noValidate aria-label="Set logo">
        <Stack gap="sm">
          <MediaPicker
            label="Upload a logo image"
            value={media}
            onChange={pickMedia}
            max={1}
            accept="image"
            tooManyMessage={MSG.announcementOneMedia}
            onBusyChange={setUploading}
            disabled={save.isPending}
          />
          <TextInput
            label="Logo media id"
            description="Filled in by the upload above, or enter the id of an image uploaded earlier."
            withAsterisk
            value={mediaId}
            onChange={(e) => {
              setMediaId(e.currentTarget.value);
              setMedia([]);
            }}
            maxLength={80}
            autoComplete="off"
            error={errors.errorOf('mediaId')}
          />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={uploading}>
              Upload
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
