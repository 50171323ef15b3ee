import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { t } from '../i18n/catalogue';

/** A centred spinner, announced as "Loading…" (while a screen's chunk or first answer loads). */
export function Loading() {
  return (
    <Center p="xl" role="status">
      <Loader />
      <VisuallyHidden>{t.loading}</VisuallyHidden>
    </Center>
  );
}
