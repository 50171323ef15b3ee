/**
 * The society's announcements (GET /api/resident/announcements), each with whether the resident
 * has seen it. Showing the list marks the unseen ones on it seen (announcement-card.tsx).
 */
import { Screen } from '../../app/screen';
import { t } from '../../i18n/catalogue';
import { ListState } from '../../lib/list-state';
import { Pager, usePaged } from '../../lib/paged';
import { keys } from '../../lib/query-client';
import { AnnouncementCard, useMarkSeen, type ResidentAnnouncement } from './announcement-card';

export default function AnnouncementsScreen() {
  const { list, page, setPage } = usePaged<ResidentAnnouncement>(keys.announcements, '/api/resident/announcements');
  useMarkSeen(list.data?.items);
  return (
    <Screen title={t.society.announcements} back={{ to: '/society', label: t.society.title }}>
      <ListState list={list}>{(items) => items.map((a) => <AnnouncementCard key={a._id} announcement={a} />)}</ListState>
      <Pager page={page} setPage={setPage} hasOlder={list.data?.nextAfter != null} />
    </Screen>
  );
}
