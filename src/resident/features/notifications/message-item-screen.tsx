/**
 * One notification-panel message (/notifications/:id, `id` = the campaign, as its push names it):
 * the resident's in-app record of it, marked read once shown, as Open on the list does.
 */
import { useEffect } from 'react';
import type { ResidentNotification } from '../../../shared/contracts/resident';
import { ItemScreen } from '../../app/item-screen';
import { NotificationCard } from './notification-card';
import { useMarkRead } from './notifications-api';

export default function MessageItemScreen() {
  return <ItemScreen<ResidentNotification> type="message">{(record) => <ReadMessage record={record} />}</ItemScreen>;
}

function ReadMessage({ record }: { record: ResidentNotification }) {
  const markRead = useMarkRead();
  const { mutate } = markRead;
  useEffect(() => {
    if (!record.isRead) mutate(record._id);
  }, [record._id, record.isRead, mutate]);
  return <NotificationCard record={record} onRead={(id) => mutate(id)} marking={markRead.isPending} />;
}
