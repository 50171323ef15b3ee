/** A screen that is a list of links (Services, Society), large enough for a thumb. */
import { Button, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';

/** `title` over `items`, each a full-width link button (`to`: a path of the app, `label`: its text). */
export function MenuScreen({ title, items }: { title: string; items: readonly { to: string; label: string }[] }) {
  return (
    <Stack p="md">
      <Title order={2}>{title}</Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <li key={item.to}>
            <Button component={Link} to={item.to} variant="default" size="lg" fullWidth justify="flex-start">
              {item.label}
            </Button>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
