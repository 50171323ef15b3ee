/**
 * The one media picker of every content form: choose files, each uploads at once to
 * POST /api/media with its own progress bar; uploaded files show as removable previews. The
 * form keeps only the resulting {@link Media} list (`value`), which it sends as media ids.
 *
 * - `max`: most files; choosing more calls `onRefuse(tooManyMessage)` and adds none (the spec's
 *   per-form message, e.g. MSG.tooManyMedia or MSG.discountOneLogo).
 * - `accept`: 'image' or 'media' (image or video); a hint only, the server decides by content.
 * - `beforePick()`: return a message to refuse the pick (the feed's "link already filled" rule).
 * - An upload the server refuses (415, too large) shows its message through `onRefuse`.
 * - `onBusyChange(true|false)`: uploads in flight (forms disable Save while busy).
 * - `error`: a message about this field (a form check or the server's 400), shown under it.
 * - A failure that is not a refusal (network, 5xx) shows MSG.uploadFailed (spec section 8).
 * - The picker is a group named by `label` (tests and screen readers find its file input by it);
 *   the file input is cleared after each pick, so the same file can be chosen again.
 */
import { ActionIcon, FileButton, Group, Image, Input, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { IMAGE_ACCEPT, MEDIA_ACCEPT, type Media } from '../../shared/contracts/media';
import { MSG } from '../../shared/messages';
import { ApiError } from '../lib/api-error';
import { uploadMedia } from '../lib/upload';
import { notifyError } from '../lib/notify';
import { IconTooltip } from './icon-tooltip';

interface Pending {
  key: number;
  name: string;
  percent: number;
}

export interface MediaPickerProps {
  label: string;
  value: readonly Media[];
  onChange: (next: Media[]) => void;
  max: number;
  tooManyMessage: string;
  /** Shows a refusal (too many files, a refused upload); default: the app's error toast. */
  onRefuse?: (message: string) => void;
  accept?: 'image' | 'media';
  beforePick?: () => string | undefined;
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
  error?: string;
}

let nextKey = 1;

export function MediaPicker({
  label,
  value,
  onChange,
  max,
  tooManyMessage,
  onRefuse = notifyError,
  accept = 'media',
  beforePick,
  onBusyChange,
  disabled,
  error,
}: MediaPickerProps) {
  const [pending, setPending] = useState<Pending[]>([]);
  // Uploads finish in any order: append to the latest list, not the one captured at pick time.
  const latest = useRef<readonly Media[]>(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const resetInput = useRef<() => void>(null);
  const busy = pending.length > 0;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const pick = (payload: File | File[] | null) => {
    const files = payload === null ? [] : Array.isArray(payload) ? payload : [payload];
    resetInput.current?.();
    if (files.length === 0) return;
    const refusal = beforePick?.();
    if (refusal) return onRefuse(refusal);
    if (value.length + pending.length + files.length > max) return onRefuse(tooManyMessage);
    for (const file of files) {
      const key = nextKey++;
      setPending((p) => [...p, { key, name: file.name, percent: 0 }]);
      const progress = (percent: number) => setPending((p) => p.map((x) => (x.key === key ? { ...x, percent } : x)));
      uploadMedia(file, progress)
        .then((media) => {
          const next = [...latest.current, media];
          latest.current = next;
          onChange(next);
        })
        .catch((error: unknown) => onRefuse(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : MSG.uploadFailed))
        .finally(() => setPending((p) => p.filter((x) => x.key !== key)));
    }
  };

  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Group gap="xs">
        <FileButton resetRef={resetInput} onChange={pick} accept={accept === 'image' ? IMAGE_ACCEPT : MEDIA_ACCEPT} multiple={max > 1} disabled={disabled}>
          {(props) => (
            <IconTooltip label={`Choose ${label.toLowerCase()}`}>
              <ActionIcon {...props} variant="light" size="lg" aria-label={label} disabled={disabled}>
                <IconPhotoPlus size={18} aria-hidden />
              </ActionIcon>
            </IconTooltip>
          )}
        </FileButton>
        <Text size="sm">{label}</Text>
        <Text size="xs" c="dimmed">
          {value.length}/{max}
        </Text>
      </Group>
      {pending.map((p) => (
        <Group key={p.key} gap="xs" wrap="nowrap">
          <Text size="xs" w={140} truncate>
            {p.name}
          </Text>
          <Progress value={p.percent} aria-label={`Uploading ${p.name}`} animated style={{ flex: 1 }} />
          <Text size="xs" w={40}>
            {p.percent}%
          </Text>
        </Group>
      ))}
      {value.length > 0 ? (
        <Group gap="xs">
          {value.map((m) => (
            <div key={m.id} style={{ position: 'relative' }}>
              {m.kind === 'image' ? (
                <Image src={m.thumbUrl ?? m.url} w={72} h={72} fit="cover" radius="sm" alt="Selected media" />
              ) : (
                <Group w={72} h={72} justify="center" bg="dark.6" style={{ borderRadius: 4 }} role="img" aria-label="Selected video">
                  <IconPlayerPlay color="white" aria-hidden />
                </Group>
              )}
              <IconTooltip label="Remove media">
                <ActionIcon
                  size="xs"
                  color="red"
                  variant="filled"
                  radius="xl"
                  style={{ position: 'absolute', top: -6, right: -6 }}
                  aria-label="Remove media"
                  onClick={() => onChange(value.filter((x) => x.id !== m.id))}
                >
                  <IconX size={12} aria-hidden />
                </ActionIcon>
              </IconTooltip>
            </div>
          ))}
        </Group>
      ) : null}
      {error ? <Input.Error>{error}</Input.Error> : null}
    </Stack>
  );
}
