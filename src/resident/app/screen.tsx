/** A service or society screen: a back link to its menu, the title, the content. */
import { Anchor, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { t } from '../i18n/catalogue';

/** `title` (a level-2 heading) over `children`, with a link back to `back.to` (labelled `back.label`) when given. */
export function Screen({ title, back, children }: { title: string; back?: { to: string; label: string }; children: ReactNode }) {
  return (
    <Stack p="md">
      {back && (
        <Anchor component={Link} to={back.to} size="sm">
          {t.backTo(back.label)}
        </Anchor>
      )}
      <Title order={2}>{title}</Title>
      {children}
    </Stack>
  );
}
