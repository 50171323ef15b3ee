/**
 * The bell with a count of new requests (complaints and not-at-home; grocery later). It opens
 * a right-side drawer listing the newest entries as 'Complain 1', 'Complain 2', … (the heading
 * prefix is configurable); with none it says 'No more new requests' (spec section 8).
 */
import { ActionIcon, Badge, Card, Loader, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { MSG } from '../../../shared/messages';
import { DetailList, type DetailItem } from '../../components/detail-list';
import { SideDrawer } from '../../components/side-drawer';

export interface BellEntry {
  key: string | number;
  items: DetailItem[];
}

interface NewRequestsBellProps {
  /** Button's accessible name, e.g. 'New complaints'. */
  label: string;
  drawerTitle: string;
  /** Entry heading prefix: 'Complain' → 'Complain 1'. */
  entryPrefix: string;
  /** All new requests on the server (the badge). */
  count: number | undefined;
  /** The newest entries (first page). */
  entries: BellEntry[] | undefined;
  loading: boolean;
}

export function NewRequestsBell({ label, drawerTitle, entryPrefix, count, entries, loading }: NewRequestsBellProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const shown = entries?.length ?? 0;

  return (
    <>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={open} pos="relative" style={{ overflow: 'visible' }}>
        <IconBell size={20} aria-hidden />
        <Badge size="sm" circle pos="absolute" top={-8} right={-10} color={count ? 'red' : 'gray'}>
          {count ?? 0}
        </Badge>
      </ActionIcon>
      <SideDrawer opened={opened} onClose={close} title={drawerTitle}>
        {loading && !entries ? <Loader size="sm" aria-label="Loading" /> : null}
        {entries && shown === 0 ? <Text c="dimmed">{MSG.noNewRequests}</Text> : null}
        <Stack gap="sm">
          {entries?.map((entry, index) => (
            <Card key={entry.key} withBorder padding="sm">
              <Text fw={600} mb="xs">
                {entryPrefix} {index + 1}
              </Text>
              <DetailList items={entry.items} />
            </Card>
          ))}
        </Stack>
        {count !== undefined && count > shown && shown > 0 ? (
          <Text size="sm" c="dimmed" mt="sm">
            Showing the {shown} newest of {count}.
          </Text>
        ) : null}
      </SideDrawer>
    </>
  );
}
