/**
 * The resident's notifications: unread count, the list (10 a page), mark one read, mark all read.
 * A record about an item opens that item's screen (`kindOfRecord` of its `refEntity`, then
 * `itemPath` of its `refId`: lib/item-links.ts), and opening it marks it read.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Screen } from '../../app/screen';
import { ErrorNotice } from '../../app/error-notice';
import { Loading } from '../../app/loading';
import { t } from '../../i18n/catalogue';
import { errorText } from '../../lib/api';
import { recordPath } from '../../lib/item-links';
import { Pager } from '../../lib/paged';
import { NotificationCard } from './notification-card';
import { useMarkRead, useNotifications } from './notifications-api';

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
        list.data.items.map((n) => (
          <NotificationCard
            key={n._id}
            record={n}
            to={recordPath(n)}
            onRead={(id) => markRead.mutate(id)}
            marking={markRead.isPending && markRead.variables === n._id}
          />
        ))
      )}
      <Pager page={page} setPage={setPage} hasOlder={list.data?.nextAfter != null} />
    </Screen>
  );
}
