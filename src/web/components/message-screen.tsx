/** A centred full-area message: offline, not available for the role, not built yet, not found. */
import { Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface MessageScreenProps {
  title: string;
  children?: ReactNode;
  /** Fill the whole viewport (offline screen) instead of the content area. */
  fullScreen?: boolean;
}

export function MessageScreen({ title, children, fullScreen }: MessageScreenProps) {
  return (
    <Center mih={fullScreen ? '100vh' : 320} p="xl">
      <Stack align="center" gap="xs" maw={520}>
        <Title order={2} ta="center">
          {title}
        </Title>
        {children ? (
          <Text c="dimmed" ta="center">
            {children}
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
}
