/**
 * /Discounts (spec section 2 "Discounts"; issue 10), for the discounts and cms-all sub-roles: the
 * society's offers 5 a page with search and delete, and 'Add Post' with the form and preview.
 */
import { PostList } from '../../../mechanisms/posts/post-list';
import { PostScreen } from '../../../mechanisms/posts/post-screen';
import { useListParams } from '../../../lib/use-list-params';
import { discounts } from '../api/discounts';
import { discountColumns } from './discount-columns';
import { DiscountForm } from './discount-form';

export function DiscountsScreen() {
  const list = useListParams();
  const { data, isFetching, isPlaceholderData, error } = discounts.usePosts(list.view);
  const remove = discounts.useDeletePost();
  return (
    <PostScreen title="Discounts" renderForm={(close) => <DiscountForm onClose={close} />}>
      <PostList
        label="Discounts"
        records={data?.items}
        total={data?.total}
        totalExact={data?.totalExact}
        fetching={isFetching && (isPlaceholderData || !data)}
        error={error}
        columns={discountColumns}
        rowId={(d) => d._id}
        list={list}
        onDelete={(d) => remove.mutateAsync(d._id)}
        searchPlaceholder="Search brand, branch, category or description"
      />
    </PostScreen>
  );
}
