/**
 * /Plots (spec section 2 "Plots"), for the plots and cms-all sub-roles: the society's listings 5
 * a page with search and delete, and 'Add Post' with the form and preview (price in PKR).
 */
import { PostScreen } from '../../../mechanisms/posts/post-screen';
import { plots } from '../api/plots';
import { plotColumns } from './plot-columns';
import { PlotForm } from './plot-form';

export function PlotsScreen() {
  return (
    <PostScreen
      title="Plots"
      renderForm={(close) => <PlotForm onClose={close} />}
      list={{ label: 'Plots', posts: plots, columns: plotColumns, columnsKey: 'plots', searchPlaceholder: 'Search type, area, location, phone or description' }}
    />
  );
}
