/**
 * /Logo (spec section 2 "Logo"), sub-role logo: pick an image (the shared MediaPicker, one image,
 * uploaded at once and shown as a preview) and press Upload, which sets it as the society's logo
 * (PUT /api/logo). Upload without an image says 'Please choose an image.' (the shared ZSetLogo).
 * On success a toast, the header here updates at once (the `me` query, lib/me-query.ts) and every
 * other staff screen of the society by the server's socket event. The current logo is shown above.
 */
import { Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
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
  const [media, setMedia] = useState<Media[]>([]);
  const [uploading, setUploading] = useState(false);
  const save = useSetLogo(onLogoChanged);
  const errors = useFormErrors(ZSetLogo);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || uploading) return;
    const parsed = errors.check({ mediaId: media[0]?.id ?? '' });
    if (!parsed) return;
    save.mutate(
      parsed.mediaId,
      notifyOutcome(LOGO_SAVED, () => setMedia([])),
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
            label="Logo image"
            value={media}
            onChange={(next) => {
              setMedia(next);
              errors.clear();
            }}
            max={1}
            accept="image"
            tooManyMessage={MSG.announcementOneMedia}
            onBusyChange={setUploading}
            disabled={save.isPending}
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
