/**
 * The resident's notifications: unread count, the list (10 a page), mark one read, mark all read.
 * A record that names a request opens the screen that lists it (no item-by-id route exists yet).
 */
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Screen } from '../../app/screen';
import { ErrorNotice } from '../../app/error-notice';
import { Loading } from '../../app/loading';
import { t } from '../../i18n/catalogue';
import { errorText } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { Pager } from '../../lib/paged';
import { useMarkRead, useNotifications } from './notifications-api';

/**
 * Where a record about a request opens: its `refEntity` (the audit entity of the desk that wrote
 * it: src/server/desk/service.ts, grocery and billing) → the screen listing it.
 */
const SCREEN_OF: Record<string, string> = {
  complaint: '/services/complaints',
  security: '/',
  nothome: '/services/not-home',
  grocery: '/services/grocery',
  doctor: '/services/doctor',
  bill: '/services/bills',
};

export default function NotificationsScreen() {
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  const markRead = useMarkRead();
  return (
    <Screen title={t.notifications.title}>
      {list.data && (
        <Group justify="space-between">
          <Text>{t.notifications.unread(list.data.unread)}</Text>
          {list.data.unread > 0 && (
            <Button size="xs" variant="default" onClick={() => markRead.mutate('all')} loading={markRead.isPending && markRead.variables === 'all'}>
              {t.notifications.markAllRead}
            </Button>
          )}
        </Group>
      )}
      {markRead.isError && (
        <Alert color="red" role="alert">
          {errorText(markRead.error)}
        </Alert>
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">{t.empty}</Text>
      ) : (
        list.data.items.map((n) => {
          const to = n.refEntity ? SCREEN_OF[n.refEntity] : undefined;
          return (
            <Card key={n._id} withBorder component="article" bg={n.isRead ? undefined : 'var(--mantine-color-blue-light)'}>
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={n.isRead ? 400 : 700}>{n.title}</Text>
                  {n.isRead && (
                    <Badge variant="light" color="gray">
                      {t.notifications.read}
                    </Badge>
                  )}
                </Group>
                <Text size="sm">{n.description}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(n.pressedTime)}
                </Text>
                <Group gap="xs">
                  {to && (
                    <Button size="xs" variant="light" component={Link} to={to} onClick={() => !n.isRead && markRead.mutate(n._id)}>
                      {t.notifications.open}
                    </Button>
                  )}
                  {!n.isRead && (
                    <Button size="xs" variant="default" onClick={() => markRead.mutate(n._id)}>
                      {t.notifications.markRead}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>
          );
        })
      )}
      <Pager page={page} setPage={setPage} hasOlder={list.data?.nextAfter != null} />
    </Screen>
  );
}
