/**
 * One announcement (/society/announcements/:id): what a push about it opens. Opened, it is marked
 * seen, as showing it in the list does.
 */
import { useMemo } from 'react';
import { ItemScreen } from '../../app/item-screen';
import { AnnouncementCard, useMarkSeen, type ResidentAnnouncement } from './announcement-card';

export default function AnnouncementItemScreen() {
  return <ItemScreen<ResidentAnnouncement> type="announcement">{(a) => <SeenAnnouncement announcement={a} />}</ItemScreen>;
}

function SeenAnnouncement({ announcement }: { announcement: ResidentAnnouncement }) {
  useMarkSeen(useMemo(() => [announcement], [announcement]));
  return <AnnouncementCard announcement={announcement} />;
}
