/** One plot listing: type and place, price, rooms, baths, area, payment, a picture, the text, and a call link. */
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import type { Plot } from '../../../shared/contracts/posts';
import { t } from '../../i18n/catalogue';
import { formatPrice } from '../../../shared/format/money';
import { MediaImage } from './media-image';

export function PlotCard({ plot: p }: { plot: Plot }) {
  return (
    <Card withBorder component="article">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700}>
            {p.type} · {p.location}
          </Text>
          <Text fw={700}>{formatPrice(p.price)}</Text>
        </Group>
        <Text size="sm">{t.society.plotFacts(p.rooms, p.baths, p.area)}</Text>
        <Text size="sm">{p.payment}</Text>
        {p.media[0] && <MediaImage media={p.media[0]} />}
        <Text style={{ whiteSpace: 'pre-wrap' }}>{p.description}</Text>
        <Anchor href={`tel:${p.phone}`}>{t.society.call(p.phone)}</Anchor>
      </Stack>
    </Card>
  );
}
