/**
 * Super-admin's "Overdue" bell in the header: the badge is the count of items past their stage's
 * deadline (the overdue list's total), and the drawer lists the newest page, each with its desk,
 * resident and since when, and a link to /Deadlines. Lazy: it loads after the shell.
 */
import { ActionIcon, Anchor, Badge, Card, Loader, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconClockExclamation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DetailList } from '../../../components/detail-list';
import { IconTooltip } from '../../../components/icon-tooltip';
import { SideDrawer } from '../../../components/side-drawer';
import { formatDateTime } from '../../../../shared/format/dates';
import { stageLabel } from '../../../../shared/labels';
import { FIRST_PAGE } from '../../../lib/list-params';
import { useOverdueItems } from '../api/deadlines';
import { DESK_LABELS } from './deadline-row';

export function OverdueBell() {
  const [opened, { open, close }] = useDisclosure(false);
  const { data, isLoading } = useOverdueItems(FIRST_PAGE);
  const count = data?.total ?? 0;
  const shown = data?.items.length ?? 0;
  const label = `Overdue: ${count}${data && !data.totalExact ? '+' : ''}`;

  return (
    <>
      <IconTooltip label="Overdue items">
        <ActionIcon variant="default" size="lg" aria-label={label} onClick={open} pos="relative" style={{ overflow: 'visible' }}>
          <IconClockExclamation size={20} aria-hidden />
          <Badge size="sm" circle pos="absolute" top={-8} right={-10} color={count ? 'red' : 'gray'}>
            {count}
          </Badge>
        </ActionIcon>
      </IconTooltip>
      <SideDrawer opened={opened} onClose={close} title="Overdue">
        {isLoading && !data ? <Loader size="sm" aria-label="Loading" /> : null}
        {data && shown === 0 ? <Text c="dimmed">Nothing is overdue.</Text> : null}
        <Stack gap="sm">
          {data?.items.map((item) => (
            <Card key={item._id} withBorder padding="sm">
              <Text fw={600} mb="xs">
                {DESK_LABELS[item.desk]} #{item.requestId}
              </Text>
              <DetailList
                items={[
                  { label: 'Resident', value: `${item.residentName} (${item.residentCode})` },
                  { label: 'Stage', value: stageLabel(item.stage) },
                  { label: 'Overdue since', value: formatDateTime(item.since) },
                ]}
              />
            </Card>
          ))}
        </Stack>
        <Anchor component={Link} to="/Deadlines" onClick={close} mt="md" display="block">
          {count > shown ? `All ${count} overdue items` : 'Deadlines'}
        </Anchor>
      </SideDrawer>
    </>
  );
}
