/**
 * One in-app notification record: title, text, when, read or not, and its buttons: Open (the item
 * it is about, when `to` is given; opening marks it read) and Mark read.
 */
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ResidentNotification } from '../../../shared/contracts/resident';
import { t } from '../../i18n/catalogue';
import { formatDateTime } from '../../../shared/format/dates';

export interface NotificationCardProps {
  record: ResidentNotification;
  /** Where Open goes (lib/item-links.ts itemPath), or undefined: no Open button. */
  to?: string;
  /** Marks the record read (PUT /api/resident/notifications/:id/read). */
  onRead: (id: number) => void;
  /** The record's Mark read is being sent. */
  marking?: boolean;
}

export function NotificationCard({ record: n, to, onRead, marking = false }: NotificationCardProps) {
  return (
    <Card withBorder component="article" bg={n.isRead ? undefined : 'var(--mantine-color-blue-light)'}>
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
            <Button size="xs" variant="light" component={Link} to={to} onClick={() => !n.isRead && onRead(n._id)}>
              {t.notifications.open}
            </Button>
          )}
          {!n.isRead && (
            <Button size="xs" variant="default" loading={marking} onClick={() => onRead(n._id)}>
              {t.notifications.markRead}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
