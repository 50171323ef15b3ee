/**
 * Shown over every screen while the browser is offline (the service worker still serves the
 * shell): the numbers the app last saw (lib/emergency.ts) — the society's own emergency contacts
 * first, then the resident's assigned guard — and the national emergency lines as the fallback,
 * each a tel: link, so a resident without data can still call for help.
 */
import { Card, Stack, Text, Title } from '@mantine/core';
import { NumberList } from '../../app/emergency-numbers';
import { NATIONAL_NUMBERS, t } from '../../i18n/catalogue';
import { offlineNumbers, readEmergency } from '../../lib/emergency';
import { formatDateTime } from '../../../shared/format/dates';
// Reads the remembered society zone: this screen may be the first thing a launch shows.
import '../../lib/time-zone';

export function OfflineScreen() {
  const saved = readEmergency();
  const numbers = offlineNumbers(saved, NATIONAL_NUMBERS, t.offline.guard);
  const own = numbers.filter((n) => n.kind !== 'national');
  return (
    <Stack component="main" p="md" maw={40 * 16} mx="auto" data-testid="offline-screen">
      <Title order={1}>{t.offline.title}</Title>
      <Text>{t.offline.text}</Text>
      {saved && (saved.societyName || own.length > 0) && (
        <Card withBorder data-testid="offline-society">
          <Title order={2} size="h3">
            {saved.societyName ? t.offline.society(saved.societyName) : t.offline.societyUnnamed}
          </Title>
          {own.length > 0 ? <NumberList numbers={own} /> : <Text mt="xs">{t.offline.noSocietyNumbers}</Text>}
          <Text size="sm" c="dimmed" mt="xs">
            {t.offline.savedAt(formatDateTime(saved.savedAt))}
          </Text>
        </Card>
      )}
      <Card withBorder data-testid="offline-national">
        <Title order={2} size="h3">
          {t.offline.national}
        </Title>
        <NumberList numbers={numbers.filter((n) => n.kind === 'national')} />
      </Card>
    </Stack>
  );
}
