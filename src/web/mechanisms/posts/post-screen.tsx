/**
 * The layout of the three post screens (/CMS, /Discounts, /Plots; spec sections 2, 4): the title,
 * an 'Add Post' button that reveals the form and hides itself (spec section 4), the form with its
 * phone-mock preview beside it, and the list below. The form closes itself after a save (the list
 * is refetched, no page reload) or with Cancel, and the button comes back.
 */
import { Box, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PostList, type PostListProps } from './post-list';

interface PostScreenProps<T extends { _id: number }> {
  title: string;
  /** The form; `close` hides it again (after a save or Cancel). */
  renderForm: (close: () => void) => ReactNode;
  /** The list of posts below it. */
  list: PostListProps<T>;
}

export function PostScreen<T extends { _id: number }>({ title, renderForm, list }: PostScreenProps<T>) {
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        {adding ? null : (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add Post
          </Button>
        )}
      </Group>
      {adding ? renderForm(() => setAdding(false)) : null}
      <PostList {...list} />
    </Stack>
  );
}

interface PostFormLayoutProps {
  /** The form's accessible name, e.g. 'New feed post'. */
  label: string;
  onSubmit: () => void;
  onCancel: () => void;
  /** Disables Save (uploads in flight, a save running). */
  busy: boolean;
  saving: boolean;
  /** The form's fields. */
  children: ReactNode;
  /** The phone-mock preview. */
  preview: ReactNode;
}

/** A post form (fields, Save and Cancel) with its live preview to the right (below on narrow screens). */
export function PostFormLayout({ label, onSubmit, onCancel, busy, saving, children, preview }: PostFormLayoutProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !saving) onSubmit();
  };
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Paper withBorder p="md" radius="sm" component="form" aria-label={label} onSubmit={submit} noValidate style={{ flex: '1 1 420px', maxWidth: 720 }}>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={busy}>
              Save
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Box>{preview}</Box>
    </Group>
  );
}
