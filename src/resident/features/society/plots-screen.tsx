/** Plot listings of the society (GET /api/resident/plots). */
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import type { Plot } from '../../../shared/contracts/posts';
import { Screen } from '../../app/screen';
import { t } from '../../i18n/catalogue';
import { formatMoney } from '../../lib/format';
import { ListState } from '../../lib/list-state';
import { Pager, usePaged } from '../../lib/paged';
import { keys } from '../../lib/query-client';
import { MediaImage } from './media-image';

export default function PlotsScreen() {
  const { list, page, setPage } = usePaged<Plot>(keys.plots, '/api/resident/plots');
  return (
    <Screen title={t.society.plots} back={{ to: '/society', label: t.society.title }}>
      <ListState list={list}>
        {(items) =>
          items.map((p) => (
            <Card key={p._id} withBorder component="article">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={700}>
                    {p.type} · {p.location}
                  </Text>
                  <Text fw={700}>{formatMoney(p.price)}</Text>
                </Group>
                <Text size="sm">{t.society.plotFacts(p.rooms, p.baths, p.area)}</Text>
                <Text size="sm">{p.payment}</Text>
                {p.media[0] && <MediaImage media={p.media[0]} />}
                <Text style={{ whiteSpace: 'pre-wrap' }}>{p.description}</Text>
                <Anchor href={`tel:${p.phone}`}>{t.society.call(p.phone)}</Anchor>
              </Stack>
            </Card>
          ))
        }
      </ListState>
      <Pager page={page} setPage={setPage} hasOlder={list.data?.nextAfter != null} />
    </Screen>
  );
}
