/** The society's feed (GET /api/resident/feed), a page at a time, each post with its likes. */
import { Screen } from '../../app/screen';
import { t } from '../../i18n/catalogue';
import { ListState } from '../../lib/list-state';
import { Pager, usePaged } from '../../lib/paged';
import { keys } from '../../lib/query-client';
import { FeedPostCard, type ResidentFeedPost } from './feed-post-card';

export default function FeedScreen() {
  const { list, page, setPage } = usePaged<ResidentFeedPost>(keys.feed, '/api/resident/feed');
  return (
    <Screen title={t.society.feed} back={{ to: '/society', label: t.society.title }}>
      <ListState list={list}>{(items) => items.map((post) => <FeedPostCard key={post._id} post={post} />)}</ListState>
      <Pager page={page} setPage={setPage} hasOlder={list.data?.nextAfter != null} />
    </Screen>
  );
}
