/**
 * The bell with a count of new requests, configured per desk (complaints, grocery, doctor) and by
 * not-at-home: the badge is the server's count of the list, and a right-side drawer lists its
 * newest page as 'Complain 1', 'Request 2', … (the heading prefix is the desk's); with none it
 * says 'No more new requests' (spec section 8). It reads the same cached query as the table's
 * unsearched first page, so a live arrival updates both at once.
 */
import { ActionIcon, Badge, Card, Loader, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import type { ResidentCard } from '../../../shared/contracts/common';
import { MSG } from '../../../shared/messages';
import { DetailList, type DetailItem } from '../../components/detail-list';
import { IconTooltip } from '../../components/icon-tooltip';
import { SideDrawer } from '../../components/side-drawer';
import { formatDateTime } from '../../../shared/format/dates';
import type { ListPage } from '../../lib/list-cache';

export interface NewRequestsBellProps<T extends { _id: number }> {
  /** Button's accessible name, e.g. 'New complaints'. */
  label: string;
  drawerTitle: string;
  /** Entry heading prefix: 'Complain' → 'Complain 1' (default 'Request'). */
  entryPrefix?: string;
  /** The list's unsearched first page (a list hook called with FIRST_PAGE). */
  useNewest: () => { data?: ListPage<T>; isLoading: boolean };
  /** One entry's lines. */
  details: (item: T) => DetailItem[];
}

/** The resident's Name, Phone and Address, which open every entry ('PhoneNo' on not-at-home's). */
export function residentLines(resident: Pick<ResidentCard, 'name' | 'phoneNo' | 'address'>, phoneLabel = 'Phone'): DetailItem[] {
  return [
    { label: 'Name', value: resident.name },
    { label: phoneLabel, value: resident.phoneNo },
    { label: 'Address', value: resident.address },
  ];
}

/** The 'Time' line: when the resident pressed the button. */
export const pressedLine = (pressedTime: string): DetailItem => ({ label: 'Time', value: formatDateTime(pressedTime) });

export function NewRequestsBell<T extends { _id: number }>({ label, drawerTitle, entryPrefix = 'Request', useNewest, details }: NewRequestsBellProps<T>) {
  const [opened, { open, close }] = useDisclosure(false);
  const { data, isLoading } = useNewest();
  const entries = data?.items;
  const count = data?.total;
  const shown = entries?.length ?? 0;

  return (
    <>
      <IconTooltip label={label}>
        {/* The name carries the count the badge shows (a name must contain the visible text). */}
        <ActionIcon variant="default" size="lg" aria-label={`${label}: ${count ?? 0}`} onClick={open} pos="relative" style={{ overflow: 'visible' }}>
          <IconBell size={20} aria-hidden />
          <Badge size="sm" circle pos="absolute" top={-8} right={-10} color={count ? 'red' : 'gray'}>
            {count ?? 0}
          </Badge>
        </ActionIcon>
      </IconTooltip>
      <SideDrawer opened={opened} onClose={close} title={drawerTitle}>
        {isLoading && !entries ? <Loader size="sm" aria-label="Loading" /> : null}
        {entries && shown === 0 ? <Text c="dimmed">{MSG.noNewRequests}</Text> : null}
        <Stack gap="sm">
          {entries?.map((entry, index) => (
            <Card key={entry._id} withBorder padding="sm">
              <Text fw={600} mb="xs">
                {entryPrefix} {index + 1}
              </Text>
              <DetailList items={details(entry)} />
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
