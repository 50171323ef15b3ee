/**
 * Shown over every screen while the browser is offline (the service worker still serves the
 * shell): the national emergency lines and the contacts the app last saw (lib/emergency.ts), each
 * a tel: link, so a resident without data can still call for help.
 */
import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { NATIONAL_NUMBERS, t } from '../../i18n/catalogue';
import { readEmergency } from '../../lib/emergency';
import { formatDateTime } from '../../lib/format';

export function OfflineScreen() {
  const saved = readEmergency();
  return (
    <Stack component="main" p="md" maw={40 * 16} mx="auto" data-testid="offline-screen">
      <Title order={1}>{t.offline.title}</Title>
      <Text>{t.offline.text}</Text>
      <Card withBorder>
        <Title order={2} size="h3">
          {t.offline.national}
        </Title>
        <List listStyleType="none" spacing="xs" mt="xs">
          {NATIONAL_NUMBERS.map((n) => (
            <List.Item key={n.phone}>
              {n.label}:{' '}
              <Anchor href={`tel:${n.phone}`} fw={700}>
                {n.phone}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Card>
      {saved && (saved.societyName || saved.guard) && (
        <Card withBorder>
          {saved.societyName && (
            <Title order={2} size="h3">
              {t.offline.society(saved.societyName)}
            </Title>
          )}
          {saved.guard && (
            <Text mt="xs">
              {t.offline.guard(saved.guard.name)}:{' '}
              <Anchor href={`tel:${saved.guard.phone}`} fw={700}>
                {saved.guard.phone}
              </Anchor>
            </Text>
          )}
          <Text size="sm" c="dimmed" mt="xs">
            {t.offline.savedAt(formatDateTime(saved.savedAt))}
          </Text>
        </Card>
      )}
    </Stack>
  );
}
