/** One post of the feed (/society/feed/:id), with its likes: what a push about it opens. */
import { ItemScreen } from '../../app/item-screen';
import { FeedPostCard, type ResidentFeedPost } from './feed-post-card';

export default function PostItemScreen() {
  return <ItemScreen<ResidentFeedPost> type="post">{(post) => <FeedPostCard post={post} />}</ItemScreen>;
}
