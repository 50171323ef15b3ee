/**
 * /CMS, 'Feed' (spec section 2 "Feed posts"), for the cms and cms-all sub-roles: the society's
 * posts 5 a page with search and delete, and 'Add Post' with the form and preview.
 */
import { PostScreen } from '../../../mechanisms/posts/post-screen';
import { feedPosts } from '../api/feed-posts';
import { feedColumns } from './feed-columns';
import { FeedForm } from './feed-form';

export function FeedScreen() {
  return (
    <PostScreen
      title="Feed"
      renderForm={(close) => <FeedForm onClose={close} />}
      list={{ label: 'Feed posts', posts: feedPosts, columns: feedColumns, columnsKey: 'feed', searchPlaceholder: 'Search descriptions' }}
    />
  );
}
