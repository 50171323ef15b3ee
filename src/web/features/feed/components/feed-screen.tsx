/**
 * /CMS, 'Feed' (spec section 2 "Feed posts"; issue 10), for the cms and cms-all sub-roles: the
 * society's posts 5 a page with search and delete, and 'Add Post' with the form and preview.
 */
import { PostList } from '../../../mechanisms/posts/post-list';
import { PostScreen } from '../../../mechanisms/posts/post-screen';
import { useListParams } from '../../../lib/use-list-params';
import { feedPosts } from '../api/feed-posts';
import { feedColumns } from './feed-columns';
import { FeedForm } from './feed-form';

export function FeedScreen() {
  const list = useListParams();
  const { data, isFetching, isPlaceholderData, error } = feedPosts.usePosts(list.view);
  const remove = feedPosts.useDeletePost();
  return (
    <PostScreen title="Feed" renderForm={(close) => <FeedForm onClose={close} />}>
      <PostList
        label="Feed posts"
        records={data?.items}
        total={data?.total}
        totalExact={data?.totalExact}
        fetching={isFetching && (isPlaceholderData || !data)}
        error={error}
        columns={feedColumns}
        rowId={(post) => post._id}
        list={list}
        onDelete={(post) => remove.mutateAsync(post._id)}
        searchPlaceholder="Search descriptions"
      />
    </PostScreen>
  );
}
