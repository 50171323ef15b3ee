/** One discount: brand and branch, how much off, its category, the picture and the text. */
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { Discount } from '../../../shared/contracts/posts';
import { t } from '../../i18n/catalogue';
import { MediaImage } from './media-image';

export function DiscountCard({ discount: d }: { discount: Discount }) {
  return (
    <Card withBorder component="article">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700}>
            {d.brandName} · {d.branch}
          </Text>
          <Badge color="red">{t.society.discountOff(d.discount)}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {d.category}
        </Text>
        <MediaImage media={d.media} />
        <Text style={{ whiteSpace: 'pre-wrap' }}>{d.description}</Text>
      </Stack>
    </Card>
  );
}
