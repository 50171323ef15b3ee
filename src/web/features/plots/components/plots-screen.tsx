/**
 * /Plots (spec section 2 "Plots"; issue 10), for the plots and cms-all sub-roles: the society's
 * listings 5 a page with search and delete, and 'Add Post' with the form and preview (price in PKR).
 */
import { PostList } from '../../../mechanisms/posts/post-list';
import { PostScreen } from '../../../mechanisms/posts/post-screen';
import { useListParams } from '../../../lib/use-list-params';
import { plots } from '../api/plots';
import { plotColumns } from './plot-columns';
import { PlotForm } from './plot-form';

export function PlotsScreen() {
  const list = useListParams();
  const { data, isFetching, isPlaceholderData, error } = plots.usePosts(list.view);
  const remove = plots.useDeletePost();
  return (
    <PostScreen title="Plots" renderForm={(close) => <PlotForm onClose={close} />}>
      <PostList
        label="Plots"
        records={data?.items}
        total={data?.total}
        totalExact={data?.totalExact}
        fetching={isFetching && (isPlaceholderData || !data)}
        error={error}
        columns={plotColumns}
        rowId={(p) => p._id}
        list={list}
        onDelete={(p) => remove.mutateAsync(p._id)}
        searchPlaceholder="Search type, area, location, phone or description"
      />
    </PostScreen>
  );
}
